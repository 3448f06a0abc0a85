import ts from "typescript";
import { describe, expect, it } from "vitest";
import { findKindComparisons } from "./kind-comparisons.ts";

/** Type-checks `code` as one in-memory file and lists its attempt-kind comparisons. */
function comparisonsIn(code: string) {
  const fileName = "/virtual/sample.ts";
  const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, noLib: true };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile;
  host.getSourceFile = (name, version) =>
    name === fileName ? ts.createSourceFile(name, code, version) : read(name, version);
  const program = ts.createProgram({ rootNames: [fileName], options, host });
  return findKindComparisons(program, (name) => name === fileName).map((f) => f.line);
}

const PRELUDE = `type AttemptKind = "exam" | "quiz" | "practice" | "revision" | "live";
type ContentKind = "exam" | "quiz";
type CourseStep = "note" | "video" | "exam" | "quiz" | "practice";
declare const kind: AttemptKind;
declare const content: ContentKind;
declare const step: CourseStep;
declare const text: string;
`;

describe("attempt-kind comparisons", () => {
  it("finds equality and switch on an attempt kind, either way round", () => {
    const lines = comparisonsIn(`${PRELUDE}
const a = kind === "quiz";
const b = "exam" !== content;
switch (kind) { case "live": break; default: break; }
`);
    expect(lines).toEqual([9, 10, 11]);
  });

  it("leaves a wider domain that shares a word, a plain string and a non-kind literal alone", () => {
    const lines = comparisonsIn(`${PRELUDE}
const a = step === "practice";
const b = text === "exam";
const c = kind === ("other" as string);
switch (step) { case "exam": break; default: break; }
`);
    expect(lines).toEqual([]);
  });
});
