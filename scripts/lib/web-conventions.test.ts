import { describe, expect, it } from "vitest";
import { checkWebConventions, findMutationHooks } from "./web-conventions.ts";

const PAGE = "src/web/features/a/routes/a-page.tsx";
const check = (source: string, extra: [string, string][] = []) =>
  checkWebConventions(new Map([[PAGE, source], ...extra])).map((f) => `${f.line} ${f.rule}`);

describe("loading and error states drawn by hand", () => {
  it("finds JSX chosen on a query's state: ternaries, &&, early returns, destructured fields", () => {
    const source = [
      "export function A() {",
      "  const q = useQuery(options);",
      "  const { isError } = useThing();",
      "  if (q.isPending) return <LoadingState />;",
      "  if (q.isLoading) {",
      "    return <p>Loading</p>;",
      "  }",
      "  const x = q.isPending ? <Spinner /> : q.isError ? <p>Failed</p> : <List />;",
      "  const y = q.error && <p>{q.error.message}</p>;",
      "  const z = isError ? <Oops /> : null;",
      "  return <div>{x}{y}{z}</div>;",
      "}",
    ].join("\n");
    expect(check(source)).toEqual([
      "4 query-state",
      "5 query-state",
      "8 query-state",
      "8 spinner",
      "9 query-state",
      "10 query-state",
    ]);
  });

  it("leaves mutations, non-JSX reads and waits alone", () => {
    const source = [
      "export function A() {",
      "  const q = useQuery(options);",
      "  const save = useMutation({ mutationFn });",
      "  const send = useSendThing();",
      "  useEffect(() => { if (q.isError) notify.error(q.error.message); }, [q.isError]);",
      "  return (",
      "    <form onSubmit={form.handleSubmit(save.mutate)}>",
      "      <Button disabled={q.isPending || save.isPending}>",
      "        {save.isPending ? <Spinner /> : null}",
      '        {save.isPending ? t("Saving...") : t("Save")}',
      "      </Button>",
      "      {send.error ? <InlineAlert>{send.error.message}</InlineAlert> : null}",
      "      {send.isPending ? <Spinner /> : null}",
      "      {!q.isPending && q.data.length === 0 ? <Notice /> : null}",
      '      <option>{q.isPending ? t("Loading...") : t("Choose...")}</option>',
      "    </form>",
      "  );",
      "}",
      "const form = useForm({ resolver });",
    ].join("\n");
    const hooks: [string, string] = [
      "src/web/features/a/api/a.ts",
      "export function useSendThing() {\n  return useMutation({ mutationFn: send });\n}",
    ];
    expect(check(source, [hooks])).toEqual([]);
  });

  it("finds a spinner outside a button and a literal role=alert, on their own lines", () => {
    const source = [
      "export const A = () => (",
      "  <div>",
      '    <Spinner label="Loading" />',
      '    <p role="alert">Failed</p>',
      '    <div role={"alert"} className="x">Failed</div>',
      '    <p role="status">Saved</p>',
      "  </div>",
      ");",
    ].join("\n");
    expect(check(source)).toEqual(["3 spinner", "4 alert", "5 alert"]);
  });

  it("checks only pages and features: not the shared components, tests or .ts files", () => {
    const files = new Map([
      ["src/web/components/ui/states.tsx", '<p role="alert">x</p>'],
      ["src/web/features/a/a.test.tsx", '<p role="alert">x</p>'],
      ["src/web/features/a/a.ts", "const x = 1;"],
    ]);
    expect(checkWebConventions(files)).toEqual([]);
  });
});

describe("forms outside the form kit", () => {
  it("wants onSubmit from a resolver-backed useForm's handleSubmit, direct or by name", () => {
    const kit = [
      "const form = useForm({ resolver: schemaResolver(schema), defaultValues });",
      "const onSubmit = form.handleSubmit(save);",
      "export const A = () => (",
      "  <>",
      "    <form onSubmit={onSubmit} />",
      "    <form onSubmit={form.handleSubmit(other)} />",
      "    <form onSubmit={(e) => { e.preventDefault(); save(); }} />",
      "    <form />",
      "  </>",
      ");",
    ].join("\n");
    expect(check(kit)).toEqual(["7 form", "8 form"]);
    const noResolver = [
      "const form = useForm({ defaultValues });",
      "export const A = () => <form onSubmit={form.handleSubmit(save)} />;",
    ].join("\n");
    expect(check(noResolver)).toEqual(["2 form"]);
    const dialog = [
      "const form = useDialogForm({ open, resolver, values });",
      "export const A = () => <form onSubmit={form.handleSubmit(save)} />;",
    ].join("\n");
    expect(check(dialog)).toEqual([]);
  });
});

describe("findMutationHooks", () => {
  it("names hooks that return a mutation, through other hooks too", () => {
    const files = new Map([
      [
        "src/web/features/a/api/a.ts",
        [
          "export function useSave() { return useMutation({ mutationFn }); }",
          "export const useRemove = () => useMutation({ mutationFn });",
          "export const useSaveTwice = () => useSave();",
          "export function useList() { return useQuery(options); }",
        ].join("\n"),
      ],
    ]);
    expect([...findMutationHooks(files)].sort()).toEqual([
      "useMutation",
      "useRemove",
      "useSave",
      "useSaveTwice",
    ]);
  });
});
