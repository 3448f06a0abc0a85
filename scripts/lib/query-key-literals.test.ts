import { describe, expect, it } from "vitest";
import { findLiteralQueryKeys, QUERY_KEY_REGISTRY } from "./query-key-literals.ts";

describe("findLiteralQueryKeys", () => {
  it("finds literal keys in definitions, invalidations and cache writes", () => {
    const files = new Map([
      [
        "src/web/features/a/api/get-a.ts",
        [
          "queryOptions({",
          '  queryKey: ["a", id],',
          "});",
          'queryClient.invalidateQueries({ queryKey: ["b"] });',
          'queryClient.setQueryData(["settings", "public"], data);',
          "queryClient.getQueryData( [",
        ].join("\n"),
      ],
    ]);
    expect(findLiteralQueryKeys(files).map((f) => f.line)).toEqual([2, 4, 5, 6]);
  });

  it("accepts keys taken from the registry, and the registry itself", () => {
    const files = new Map([
      [
        "src/web/features/a/api/get-a.ts",
        [
          "queryKey: queryKeys.admin.exams.list(filter),",
          "queryClient.invalidateQueries({ queryKey: queryKeys.admin.exams.all });",
          "queryClient.setQueryData(queryKeys.session, null);",
          "const list = [1, 2];",
        ].join("\n"),
      ],
      [QUERY_KEY_REGISTRY, 'export const queryKeys = { session: ["session"] };\nqueryKey: ["x"]'],
    ]);
    expect(findLiteralQueryKeys(files)).toEqual([]);
  });
});
