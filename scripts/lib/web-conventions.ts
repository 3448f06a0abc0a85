import ts from "typescript";

/**
 * Two conventions of the web client (decision 032), read from each file's syntax tree. Both hold
 * for every `.tsx` file outside `src/web/components/` (the shared components, where the states
 * and the form kit are built) and outside tests:
 *
 * 1. Loading and error states are drawn only by the shared components (`QueryContent`,
 *    `LoadingState`, `ErrorState`, `InlineAlert`, `FieldMessage`, the form kit). A file breaks it
 *    with
 *    - `query-state`: a conditional (`c ? a : b`, `c && a`, `c || a`, `if (c) return a`) whose
 *      condition reads `isPending`, `isLoading`, `isError` or `error` of a query and which picks
 *      JSX: a page choosing its spinner or its error by hand. Hand the query to `QueryContent`
 *      (its `loading`, `error`, `compact` options cover the variants). A mutation's state is not
 *      a page state: a receiver bound here to `useMutation(...)` (or a `use...Mutation(...)`
 *      hook) may be read freely (a Save button's "Saving...", an error under a form). Reading the
 *      fields without choosing JSX (`disabled={q.isPending}`, a toast in an effect, a label's
 *      text) is not a state drawn by hand either.
 *    - `spinner`: a `<Spinner>` that is neither inside a button nor shown on a mutation's
 *      `isPending`: a loading state drawn by hand (a button's "Saving..." spinner, or one beside
 *      an upload while it runs, is the action's own pending look).
 *    - `alert`: a literal `role="alert"`: an error block drawn by hand; the shared `InlineAlert`
 *      (a message or block in the flow of a page or form), `ErrorState` (a failed load) and the
 *      kit's field messages carry the role.
 * 2. `form`: every `<form>` is a kit form: its `onSubmit` is a react-hook-form `handleSubmit(...)`
 *    (written there, or a name this file binds to one), and the file builds its form with a
 *    resolver (`useForm({ resolver, ... })`) or with the kit's `useDialogForm`. A dialog's form is
 *    the kit's `FormDialog`/`DialogForm`, which holds its own `<form>`.
 *
 * `ALLOWED` names the few files excused, each with its reason.
 */
export const SHARED_COMPONENTS = "src/web/components/";

export type Rule = "query-state" | "spinner" | "alert" | "form";
export type Finding = { file: string; line: number; rule: Rule; text: string };

/** Files excused from a rule, and why (kept short: each is a decision, not a convenience). */
export const ALLOWED: Record<string, { rules: Rule[]; reason: string }> = {
  "src/web/app/layouts/loading-overlay.tsx": {
    rules: ["spinner"],
    reason: "the app's own full-screen loading overlay: a shared layout component, not a page",
  },
  "src/web/features/exams/routes/attempt-page.tsx": {
    rules: ["query-state"],
    reason:
      "its states are its kind's: the adapters' refused, maintenance and load-failed pages (some decided before the load ends), and a live room it cannot read falls back to the exam's start screen",
  },
};

const STATE_FIELDS = new Set(["isPending", "isLoading", "isError", "error"]);

export function isCheckedFile(file: string): boolean {
  return (
    file.startsWith("src/web/") &&
    file.endsWith(".tsx") &&
    !file.startsWith(SHARED_COMPONENTS) &&
    !/\.test\.tsx$/.test(file) &&
    !file.startsWith("src/web/test/")
  );
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isSatisfiesExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

const isJsx = (node: ts.Node): boolean =>
  ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node);

/** Whether an expression yields JSX: an element, or a conditional with an element in a branch. */
function yieldsJsx(node: ts.Expression): boolean {
  const e = unwrap(node);
  if (isJsx(e)) return true;
  if (ts.isConditionalExpression(e)) return yieldsJsx(e.whenTrue) || yieldsJsx(e.whenFalse);
  if (ts.isBinaryExpression(e) && isLogical(e.operatorToken.kind)) {
    return yieldsJsx(e.left) || yieldsJsx(e.right);
  }
  return false;
}

const isLogical = (kind: ts.SyntaxKind) =>
  kind === ts.SyntaxKind.AmpersandAmpersandToken ||
  kind === ts.SyntaxKind.BarBarToken ||
  kind === ts.SyntaxKind.QuestionQuestionToken;

/** Whether a statement (an `if`'s branch) returns JSX, not counting nested functions. */
function returnsJsx(statement: ts.Statement): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (found || ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression && yieldsJsx(node.expression)) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}

const calleeName = (call: ts.CallExpression): string | undefined => {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
};

/** What a function returns (each `return`, or the body of an arrow function). */
function returnedExpressions(fn: ts.SignatureDeclaration & { body?: ts.Node }): ts.Expression[] {
  const body = fn.body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [body as ts.Expression];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

/**
 * The hooks of src/web that return a mutation: `useMutation(...)` itself, and any `useX` whose
 * every return is a call of one (`export function useSaveX() { return useMutation({...}); }`).
 */
export function findMutationHooks(files: Map<string, string>): Set<string> {
  const hooks = new Map<string, ts.Expression[]>();
  for (const [file, source] of files) {
    if (!/\.(ts|tsx)$/.test(file) || !source.includes("useMutation")) continue;
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name && /^use[A-Z]/.test(node.name.text)) {
        hooks.set(node.name.text, returnedExpressions(node));
      } else if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        /^use[A-Z]/.test(node.name.text) &&
        node.initializer &&
        (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
      ) {
        hooks.set(node.name.text, returnedExpressions(node.initializer));
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  const mutationHooks = new Set<string>(["useMutation"]);
  // A hook returning another mutation hook's call is one too: repeat until nothing is added.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, returns] of hooks) {
      if (mutationHooks.has(name) || returns.length === 0) continue;
      const all = returns.every((r) => {
        const e = unwrap(r);
        return ts.isCallExpression(e) && mutationHooks.has(calleeName(e) ?? "");
      });
      if (all) {
        mutationHooks.add(name);
        grew = true;
      }
    }
  }
  return mutationHooks;
}

/**
 * The names this file binds to a mutation (`const save = useMutation(...)`), and the state names
 * it destructures from anything else (`const { isPending } = useQuery(...)`).
 */
function collectNames(sourceFile: ts.SourceFile, mutationHooks: Set<string>) {
  const isMutationHook = (name: string | undefined) =>
    name !== undefined && (name === "useMutation" || mutationHooks.has(name));
  const mutations = new Set<string>();
  const destructuredState = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const init = unwrap(node.initializer);
      const fromMutation = ts.isCallExpression(init) && isMutationHook(calleeName(init));
      if (ts.isIdentifier(node.name) && fromMutation) mutations.add(node.name.text);
      if (ts.isObjectBindingPattern(node.name) && !fromMutation && ts.isCallExpression(init)) {
        for (const element of node.name.elements) {
          const key = element.propertyName ?? element.name;
          if (ts.isIdentifier(key) && STATE_FIELDS.has(key.text) && ts.isIdentifier(element.name))
            destructuredState.add(element.name.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { mutations, destructuredState, isMutationHook };
}

/** The identifier a receiver starts from: `q` of `q.isPending`, `props` of `props.q.error`. */
function rootName(node: ts.Expression): string | undefined {
  const e = unwrap(node);
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) {
    return rootName(e.expression);
  }
  if (ts.isCallExpression(e)) return rootName(e.expression);
  return undefined;
}

function readsQueryState(test: ts.Expression, names: ReturnType<typeof collectNames>): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (found || ts.isFunctionLike(node)) return;
    if (ts.isPropertyAccessExpression(node) && STATE_FIELDS.has(node.name.text)) {
      const receiver = unwrap(node.expression);
      const root = rootName(receiver);
      const viaMutation =
        (root !== undefined && names.mutations.has(root)) ||
        (ts.isCallExpression(receiver) && names.isMutationHook(calleeName(receiver)));
      // `!q.isPending && <X/>` waits for the data: it draws no state of its own.
      const negated =
        ts.isPrefixUnaryExpression(node.parent) &&
        node.parent.operator === ts.SyntaxKind.ExclamationToken;
      if (!viaMutation && !negated) {
        found = true;
        return;
      }
    }
    if (ts.isIdentifier(node) && names.destructuredState.has(node.text)) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(test);
  return found;
}

function tagName(node: ts.JsxOpeningLikeElement): string {
  return node.tagName.getText();
}

/** Whether the attribute says `role="alert"` (or `role={"alert"}`). */
function isAlertRole(attribute: ts.JsxAttributeLike): boolean {
  if (!ts.isJsxAttribute(attribute) || attribute.name.getText() !== "role") return false;
  const value = attribute.initializer;
  if (!value) return false;
  if (ts.isStringLiteral(value)) return value.text === "alert";
  if (ts.isJsxExpression(value) && value.expression) {
    const e = unwrap(value.expression);
    return ts.isStringLiteralLike(e) && e.text === "alert";
  }
  return false;
}

/** Whether `condition` reads a mutation's `isPending` (`save.isPending`, `useSave().isPending`). */
function readsMutationPending(condition: ts.Expression, names: ReturnType<typeof collectNames>) {
  let found = false;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (ts.isPropertyAccessExpression(node) && node.name.text === "isPending") {
      const root = rootName(node.expression);
      if (root !== undefined && names.mutations.has(root)) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(condition);
  return found;
}

/** A spinner inside a button, or shown while a mutation runs: an action's own pending look. */
function isActionSpinner(node: ts.Node, names: ReturnType<typeof collectNames>): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent) && /^(Button|button)$/.test(tagName(parent.openingElement))) {
      return true;
    }
    if (ts.isConditionalExpression(parent) && readsMutationPending(parent.condition, names)) {
      return true;
    }
    if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
      readsMutationPending(parent.left, names)
    ) {
      return true;
    }
    if (ts.isFunctionLike(parent)) return false;
  }
  return false;
}

/** Whether `expression` is a `handleSubmit(...)` call, or a name bound to one in this file. */
function isHandleSubmit(
  expression: ts.Expression,
  submitNames: Set<string>,
  seen = new Set<string>(),
): boolean {
  const e = unwrap(expression);
  if (ts.isCallExpression(e)) return calleeName(e) === "handleSubmit";
  if (ts.isIdentifier(e) && !seen.has(e.text)) return submitNames.has(e.text);
  return false;
}

/** Whether the file builds a kit form: `useForm({ resolver, ... })` or `useDialogForm(...)`. */
function buildsKitForm(sourceFile: ts.SourceFile): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name === "useDialogForm") found = true;
      const options = node.arguments[0] ? unwrap(node.arguments[0]) : undefined;
      if (
        name === "useForm" &&
        options &&
        ts.isObjectLiteralExpression(options) &&
        options.properties.some((p) => p.name?.getText() === "resolver")
      ) {
        found = true;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

export function checkFile(
  file: string,
  source: string,
  mutationHooks: Set<string> = new Set(["useMutation"]),
): Finding[] {
  const findings: Finding[] = [];
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const lines = source.split("\n");
  const allowed = ALLOWED[file]?.rules ?? [];
  const report = (node: ts.Node, rule: Rule) => {
    if (allowed.includes(rule)) return;
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    findings.push({ file, line, rule, text: (lines[line - 1] ?? "").trim() });
  };
  const names = collectNames(sourceFile, mutationHooks);

  // Names bound to `form.handleSubmit(...)`.
  const submitNames = new Set<string>();
  const bind = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      isHandleSubmit(node.initializer, submitNames)
    ) {
      submitNames.add(node.name.text);
    }
    ts.forEachChild(node, bind);
  };
  bind(sourceFile);
  const kitForm = buildsKitForm(sourceFile);

  const visit = (node: ts.Node) => {
    if (ts.isConditionalExpression(node)) {
      // `a.isPending ? x : a.isError ? y : z` is one finding, at its start.
      const chained =
        ts.isConditionalExpression(node.parent) &&
        node.parent.whenFalse === node &&
        readsQueryState(node.parent.condition, names);
      if (!chained && yieldsJsx(node) && readsQueryState(node.condition, names)) {
        report(node, "query-state");
      }
    } else if (ts.isBinaryExpression(node) && isLogical(node.operatorToken.kind)) {
      // The outermost `a && b && <X/>` only: its left side holds every condition.
      const nested =
        ts.isBinaryExpression(node.parent) && isLogical(node.parent.operatorToken.kind);
      if (!nested && yieldsJsx(node.right) && readsQueryState(node.left, names)) {
        report(node, "query-state");
      }
    } else if (ts.isIfStatement(node)) {
      if (readsQueryState(node.expression, names) && returnsJsx(node.thenStatement)) {
        report(node, "query-state");
      }
    }
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = tagName(node);
      if (tag === "Spinner" && !isActionSpinner(node, names)) report(node, "spinner");
      if (node.attributes.properties.some(isAlertRole)) report(node, "alert");
      if (tag === "form") {
        const onSubmit = node.attributes.properties.find(
          (a): a is ts.JsxAttribute => ts.isJsxAttribute(a) && a.name.getText() === "onSubmit",
        );
        const handler =
          onSubmit?.initializer && ts.isJsxExpression(onSubmit.initializer)
            ? onSubmit.initializer.expression
            : undefined;
        if (!kitForm || !handler || !isHandleSubmit(handler, submitNames)) report(node, "form");
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

/** `files`: every .ts and .tsx file of src/web (the .ts ones name the mutation hooks). */
export function checkWebConventions(files: Map<string, string>): Finding[] {
  const mutationHooks = findMutationHooks(files);
  return [...files].flatMap(([file, source]) =>
    isCheckedFile(file) ? checkFile(file, source, mutationHooks) : [],
  );
}

export const RULE_HELP: Record<Rule, string> = {
  "query-state":
    "a query's loading or error state drawn by hand; hand the query to QueryContent (components/ui/query-content.tsx)",
  spinner: "a Spinner outside a button; a loading state is LoadingState or QueryContent's",
  alert:
    'a literal role="alert"; use InlineAlert, ErrorState or the form kit\'s field messages (components/ui/states.tsx)',
  form: "a <form> not built with the form kit: onSubmit={form.handleSubmit(...)} of a useForm({ resolver }) (or FormDialog)",
};
