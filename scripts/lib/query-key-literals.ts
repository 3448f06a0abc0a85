import ts from "typescript";

/**
 * Query keys come from one registry (`src/web/lib/query-keys.ts`, decision 032). This finds the
 * places that spell a key out instead, reading each file's syntax tree (not its lines), so a key
 * is found however it is formatted or wrapped:
 * - a `queryKey` property given an array (`queryKey: [...]`, `"queryKey": [...]`, split over
 *   lines, behind `as const`, parentheses or a comment), in any object: query options, filters
 *   of `invalidateQueries({ ... })`, objects returned by arrow functions;
 * - a query-client call handed an array (`invalidateQueries([...])`, `setQueryData<T>([...], v)`);
 * - either of those given a name that this file binds to an array, or a call of a function this
 *   file defines that returns one (`const key = (id) => ["x", id]` ... `queryKey: key(id)`), and
 *   the shorthand `{ queryKey }` of such a name.
 */
export const QUERY_KEY_REGISTRY = "src/web/lib/query-keys.ts";

const CLIENT_METHODS = new Set([
  "invalidateQueries",
  "refetchQueries",
  "removeQueries",
  "cancelQueries",
  "resetQueries",
  "setQueryData",
  "setQueriesData",
  "getQueryData",
  "getQueriesData",
  "getQueryState",
  "setQueryDefaults",
  "getQueryDefaults",
  "prefetchQuery",
  "prefetchInfiniteQuery",
  "ensureQueryData",
  "ensureInfiniteQueryData",
  "fetchQuery",
  "fetchInfiniteQuery",
  "isFetching",
]);

export type LiteralKey = { file: string; line: number; text: string };

/** `x`, `(x)`, `x as const`, `x satisfies T`, `<T>x` and `x!` all stand for `x`. */
function unwrapExpression(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) {
    return name.expression.text;
  }
  return undefined;
}

/** The method a call names: `a.b.invalidateQueries(...)`, `a?.["setQueryData"](...)`, `f(...)`. */
function calledName(call: ts.CallExpression): string | undefined {
  const callee = unwrapExpression(call.expression);
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)) {
    return callee.argumentExpression.text;
  }
  if (ts.isIdentifier(callee)) return callee.text;
  return undefined;
}

/** What a function returns when it is one expression (or a block whose every return is one). */
function returnedExpressions(fn: ts.SignatureDeclaration & { body?: ts.Node }): ts.Expression[] {
  const body = fn.body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [body as ts.Expression];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return; // a nested function's returns are its own
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

/** Every name the file binds with `const/let/var x = ...` or `function x() {}`, by name. */
function collectBindings(sourceFile: ts.SourceFile) {
  const values = new Map<string, ts.Expression[]>();
  const functions = new Map<string, (ts.SignatureDeclaration & { body?: ts.Node })[]>();
  const add = <T>(map: Map<string, T[]>, name: string, value: T) =>
    map.set(name, [...(map.get(name) ?? []), value]);
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = unwrapExpression(node.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) {
        add(functions, node.name.text, init);
      } else {
        add(values, node.name.text, init);
      }
    } else if (ts.isFunctionDeclaration(node) && node.name) {
      add(functions, node.name.text, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { values, functions };
}

export function findLiteralQueryKeys(files: Map<string, string>): LiteralKey[] {
  const found: LiteralKey[] = [];
  for (const [file, source] of files) {
    if (file === QUERY_KEY_REGISTRY) continue;
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
    const lines = source.split("\n");
    const bindings = collectBindings(sourceFile);

    /** Whether `node` is, or (through this file's names) evaluates to, an array literal. */
    const isLiteralKey = (node: ts.Expression, seen: Set<string>): boolean => {
      const expression = unwrapExpression(node);
      if (ts.isArrayLiteralExpression(expression)) return true;
      if (ts.isConditionalExpression(expression)) {
        return isLiteralKey(expression.whenTrue, seen) || isLiteralKey(expression.whenFalse, seen);
      }
      if (ts.isIdentifier(expression) && !seen.has(expression.text)) {
        const next = new Set(seen).add(expression.text);
        return (bindings.values.get(expression.text) ?? []).some((v) => isLiteralKey(v, next));
      }
      if (ts.isCallExpression(expression) && ts.isIdentifier(expression.expression)) {
        const name = expression.expression.text;
        if (seen.has(name)) return false;
        const next = new Set(seen).add(name);
        return (bindings.functions.get(name) ?? []).some((fn) =>
          returnedExpressions(fn).some((r) => isLiteralKey(r, next)),
        );
      }
      return false;
    };

    const report = (node: ts.Node) => {
      const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      found.push({ file, line: line + 1, text: (lines[line] ?? "").trim() });
    };

    const visit = (node: ts.Node) => {
      if (
        ts.isPropertyAssignment(node) &&
        propertyName(node.name) === "queryKey" &&
        isLiteralKey(node.initializer, new Set())
      ) {
        report(node.initializer);
      } else if (
        ts.isShorthandPropertyAssignment(node) &&
        node.name.text === "queryKey" &&
        isLiteralKey(node.name, new Set())
      ) {
        report(node);
      } else if (ts.isCallExpression(node)) {
        const name = calledName(node);
        const first = node.arguments[0];
        if (name && CLIENT_METHODS.has(name) && first && isLiteralKey(first, new Set())) {
          report(first);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}
