import { describe, expect, it } from "vitest";
import { findBareStrings } from "./bare-strings.ts";

describe("bare z.string() check", () => {
  it("finds z.string( anywhere but the text and env modules, with its line", () => {
    const files = new Map([
      ["src/shared/plans.ts", 'import { z } from "zod";\nconst name = z.string().max(100);\n'],
      [
        "src/server/routes.ts",
        "const q = z\n  .string()\n  .trim();\nconst n = z.coerce.string();\n",
      ],
      ["src/shared/text.ts", "export const text = () => z.string().refine(ok);\n"],
      ["src/server/env.ts", "const HOST = z.string().default('0.0.0.0');\n"],
      [
        "src/shared/ok.ts",
        "const name = text().max(100);\nconst id = z.uuid();\nconst s = mystring();\n",
      ],
    ]);
    expect(findBareStrings(files)).toEqual([
      { file: "src/shared/plans.ts", line: 2 },
      { file: "src/server/routes.ts", line: 1 },
      { file: "src/server/routes.ts", line: 4 },
    ]);
  });
});
