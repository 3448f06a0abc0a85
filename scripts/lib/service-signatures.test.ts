import { describe, expect, it } from "vitest";
import {
  applyAllowList,
  checkServiceSignatures,
  inScope,
  parseAllowList,
} from "./service-signatures.ts";

const FILE = "src/server/modules/news/news.service.ts";
const reasonsOf = (source: string, file = FILE) =>
  checkServiceSignatures(file, source).map((f) => `${f.name}:${f.line}: ${f.reason.split(";")[0]}`);

describe("service signatures", () => {
  it("accepts (db), (db, scalar) and (db, named input)", () => {
    expect(
      reasonsOf(`
        export async function a(db: Db) {}
        export async function b(db: DbOrTx, userId: string) {}
        export function c(tx: Tx, input: CreateNewsInput) {}
        export const d = async (db: Db, { id, now }: DInput) => {};
        export function e(db: Db, input: Pick<Row, "id"> = {}) {}`),
    ).toEqual([]);
  });

  it("refuses three or more parameters after a database handle, the clock included", () => {
    expect(
      reasonsOf(`export function a(db: Db, userId: string, now: Date) {}
export const b = (db: DbOrTx, id: string, input: BInput) => {};
export async function c(db: Db | Tx, a: string, b = 1, c?: number) {}`),
    ).toEqual(["a:1: takes 3 parameters", "b:2: takes 3 parameters", "c:3: takes 4 parameters"]);
  });

  it("refuses an inline object type or an untyped destructured input", () => {
    expect(
      reasonsOf(`export function a(db: Db, input: { id: string }) {}
export function b(db: Db, input: Named & { extra: number }) {}
export function c(db: Db, { id } = { id: "x" }) {}`),
    ).toEqual([
      "a:1: the input's type is an inline object type",
      "b:2: the input's type is an inline object type",
      "c:3: the input is destructured without a named type",
    ]);
  });

  it("looks only at exported functions whose first parameter is a database handle", () => {
    expect(
      reasonsOf(`function local(db: Db, a: string, b: string) {}
export function pure(a: string, b: string, c: string) {}
export function store(db: SettingsStore, a: string, b: string) {}
export function untyped(db, a, b) {}
export const value = 3;`),
    ).toEqual([]);
  });

  it("names an overloaded service once", () => {
    expect(
      reasonsOf(`export function a(db: Db, id: string, now: Date): void;
export function a(db: Db, id: string, now?: Date): void {}`),
    ).toEqual(["a:1: takes 3 parameters"]);
  });

  it("checks non-test, non-route files under src/server/modules only", () => {
    expect(inScope("src/server/modules/news/news.service.ts")).toBe(true);
    expect(inScope("src/server/modules/news/news.api.test.ts")).toBe(false);
    expect(inScope("src/server/modules/news/news.routes.ts")).toBe(false);
    expect(inScope("src/server/modules/news/test/fixture.ts")).toBe(false);
    expect(inScope("src/server/lib/session.ts")).toBe(false);
    expect(inScope("src/server/modules/news/news.tsx")).toBe(false);
    const bad = "export function a(db: Db, b: string, c: string) {}";
    expect(checkServiceSignatures("src/server/lib/x.ts", bad)).toEqual([]);
  });

  it("excuses allow-listed services and reports entries that match nothing", () => {
    const findings = checkServiceSignatures(
      FILE,
      `export function a(db: Db, b: string, c: string) {}
export function b(db: Db, b: string, c: string) {}`,
    );
    const allowed = parseAllowList(`# a comment\n\n${FILE}#a\n${FILE}#gone\n`);
    const { violations, stale } = applyAllowList(findings, allowed);
    expect(violations.map((v) => v.name)).toEqual(["b"]);
    expect(stale).toEqual([`${FILE}#gone`]);
  });
});
