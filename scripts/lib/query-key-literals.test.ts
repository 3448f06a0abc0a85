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

  it("finds literal keys in arrow functions and callbacks, however they are written", () => {
    const files = new Map([
      [
        "src/web/features/a/api/get-a.tsx",
        [
          "export const aOptions = (id: string) => ({",
          '  queryKey: ["a", id] as const,',
          "  queryFn: () => fetchA(id),",
          "});",
          "const useSave = () =>",
          "  useMutation({",
          "    onSuccess: () =>",
          "      queryClient.invalidateQueries({",
          "        queryKey:",
          '          ["b", { page: 1 }],',
          "      }),",
          "  });",
          'queryClient.setQueryData<Row[]>(["c"], rows);',
          'useQuery({ "queryKey": (["d"]), queryFn });',
          "queryClient.removeQueries(",
          '  ["e"],',
          ");",
        ].join("\n"),
      ],
    ]);
    expect(findLiteralQueryKeys(files).map((f) => f.line)).toEqual([2, 10, 13, 14, 16]);
  });

  it("follows names this file binds to an array or to a function returning one", () => {
    const files = new Map([
      [
        "src/web/features/a/api/get-a.ts",
        [
          'const keyOf = (id: string) => ["a", id] as const;',
          "function listKey(page: number) {",
          '  return ["a", "list", page];',
          "}",
          'const queryKey = ["a", "all"];',
          "useQuery({ queryKey: keyOf(id), queryFn });",
          "useQuery({ queryKey: listKey(2), queryFn });",
          "useQuery({ queryKey, queryFn });",
          "queryClient.invalidateQueries({ queryKey: isAll ? queryKey : queryKeys.a.one(id) });",
        ].join("\n"),
      ],
    ]);
    expect(findLiteralQueryKeys(files).map((f) => f.line)).toEqual([6, 7, 8, 9]);
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
          "const key = queryKeys.a.one(id);",
          "const optionsOf = (id: string) => ({ queryKey: queryKeys.a.one(id) });",
          "useQuery({ queryKey: key, queryFn });",
          "useQuery({ queryKey: adapter.overviewKey(id), queryFn });",
          "queryClient.setQueryData(attemptOptions(id).queryKey, review);",
        ].join("\n"),
      ],
      [QUERY_KEY_REGISTRY, 'export const queryKeys = { session: ["session"] };\nqueryKey: ["x"]'],
    ]);
    expect(findLiteralQueryKeys(files)).toEqual([]);
  });
});
