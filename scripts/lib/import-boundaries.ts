import path from "node:path";
import ts from "typescript";

/** One import found in a source file. `typeOnly`: erased at build time (`import type`). */
export type ImportEdge = { from: string; to: string; specifier: string; typeOnly: boolean };

export type Violation = { file: string; specifier: string; rule: string };

const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

/** Every static import/export-from and dynamic `import()` in a file, with its type-only flag. */
export function readImports(fileName: string, source: string) {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: node.importClause?.isTypeOnly ?? false,
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node)) {
      // `typeof import("...")` in a type position is erased like `import type`.
      const literal = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : undefined;
      if (literal && ts.isStringLiteral(literal))
        found.push({ specifier: literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * The repository-relative file an import points at, or null for a package. Only `@web/` is an
 * alias (Vite resolves it in the client); everything else in the tree is a relative path.
 */
export function resolveImport(
  fromFile: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | null {
  let base: string;
  if (specifier.startsWith("@web/")) base = path.posix.join("src/web", specifier.slice(5));
  else if (specifier.startsWith("."))
    base = path.posix.join(path.posix.dirname(fromFile), specifier);
  else return null;
  if (exists(base)) return base;
  for (const ext of EXTENSIONS) if (exists(base + ext)) return base + ext;
  for (const ext of EXTENSIONS) if (exists(`${base}/index${ext}`)) return `${base}/index${ext}`;
  return base;
}

const NO_ALIAS =
  "the @shared alias was removed (decision 013): import src/shared by its relative path";

const featureOf = (file: string) => /^src\/web\/features\/([^/]+)\//.exec(file)?.[1];

/**
 * The server modules (`src/server/modules/<name>`) each module may import, and no others
 * (decision 033). The graph is acyclic, so modules depend one way: a module may use the ones
 * listed under it, never the reverse. A module missing here may import no other module.
 */
export const SERVER_MODULE_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  home: ["attempts", "entitlements", "exams", "live-classes", "quizzes", "revision"],
  analysis: ["answer-keys", "attempts"],
  practice: ["answer-keys", "entitlements", "quizzes", "subjects"],
  // The PYQ explorer opens premium questions to subscribers (decision 060).
  pyq: ["answer-keys", "entitlements"],
  // Mains answer evaluation (decision 042): the plan's evaluation limit; a published evaluation's
  // messages go through the outbox (docs/guides/messages.md).
  evaluation: ["entitlements", "notifications", "subjects"],
  // Mains test series (decision 063): the engine's kind, the desk's rubrics and mentors, plans,
  // results and re-evaluation messages through the outbox.
  "mains-tests": ["attempts", "entitlements", "evaluation", "notifications"],
  // Live classes (decision 043): premium classes and subject tags.
  "live-classes": ["entitlements", "subjects"],
  // Study notes and videos (decision 043): the study access rule, the news sanitiser for notes.
  library: ["entitlements", "news", "subjects"],
  // Courses (decision 043): premium courses through plans, sanitised descriptions, practice steps.
  courses: ["entitlements", "news", "subjects"],
  results: ["attempts"],
  // Discussion under each question (decision 064): the key gate opens it; replies and pinned
  // explanations tell students through the outbox; a post's image is checked on a file worker.
  discussions: ["answer-keys", "notifications"],
  // Key changes (decision 064): the engine's regrade of every attempt holding the question, the
  // live tests' frozen ranks, the changed scores through the outbox, the log behind the key gate.
  "key-changes": ["answer-keys", "attempts", "notifications"],
  // "Report an error" (decision 064): the gate decides who may report; the queue's item analysis;
  // an accepted report changes the key or drops the question; the reporter is told.
  "question-reports": ["analysis", "answer-keys", "key-changes", "notifications", "settings"],
  // All-India live tests (decision 047): the engine's live kind, the exam's plan rule, its SQL.
  "live-tests": ["attempts", "entitlements", "exams"],
  quizzes: ["answer-keys", "attempts", "entitlements"],
  // Grading collects and rates the revision notebook's cards (decision 041).
  // Extra time in tests (decision 048): the deadline includes the student's accommodation.
  // A live test's results and a key correction's changed scores tell the students through the
  // outbox (docs/guides/messages.md).
  attempts: ["accommodations", "answer-keys", "entitlements", "notifications", "revision"],
  // The one gate between a student and an answer key (decision 060): open attempts, live
  // tests' publication, quizzes' publication, premium papers.
  "answer-keys": ["entitlements"],
  exams: ["entitlements"],
  admin: ["subscriptions", "settings", "legal"],
  // Refer and earn (decision 058): checkouts apply and record credits; a cancel claws back.
  // A captured payment's receipt mail goes through the outbox (docs/guides/messages.md).
  payments: ["notifications", "subscriptions", "settings", "referrals"],
  subscriptions: ["entitlements", "referrals"],
  referrals: [],
  news: ["settings"],
  site: ["courses", "news", "settings"],
  // The legal pages are sanitised like news articles; support reads the team's address.
  legal: ["news"],
  support: ["notifications", "settings"],
  internal: ["account"],
  accommodations: [],
  account: [],
  categories: [],
  entitlements: [],
  health: [],
  // Reminders (decision 044): reads the quiz, revision, evaluation and live class tables only.
  notifications: [],
  onboarding: [],
  profile: [],
  questions: [],
  revision: ["answer-keys"],
  settings: [],
  subjects: [],
};

const serverModuleOf = (file: string) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];
/** The server's parts below every module: they never import one. */
const SERVER_FOUNDATIONS = /^src\/server\/(lib|db|auth|storage|mail)\//;
/**
 * The answer save's fast paths (src/server/fast-path/README.md) sit below the modules too: lib
 * (the session read) and the attempts module both use them.
 */
const SERVER_FAST_PATH = /^src\/server\/fast-path\//;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Cycles in a declared module graph (each cycle once, as its sorted members). */
export function findModuleCycles(graph: Readonly<Record<string, readonly string[]>>): string[][] {
  return findCycles(
    Object.entries(graph).flatMap(([from, tos]) =>
      tos.map((to) => ({ from, to, specifier: to, typeOnly: false })),
    ),
  );
}

/**
 * The module rule on one edge: a server module imports only the modules declared for it, and
 * the foundations import none. Tests may reach across (they are not part of the graph).
 */
export function checkModuleEdge(
  edge: ImportEdge,
  allowed: Readonly<Record<string, readonly string[]>> = SERVER_MODULE_DEPENDENCIES,
): string | null {
  if (isTest(edge.from)) return null;
  const to = serverModuleOf(edge.to);
  if (!to) return null;
  if (SERVER_FOUNDATIONS.test(edge.from))
    return `src/server/{lib,db,auth,storage,mail} sit below the modules and import none (-> ${to})`;
  if (SERVER_FAST_PATH.test(edge.from))
    return `src/server/fast-path sits below the modules and imports none (-> ${to})`;
  const from = serverModuleOf(edge.from);
  if (!from || from === to || allowed[from]?.includes(to)) return null;
  return `server module ${from} may not import module ${to} (allowed: ${allowed[from]?.join(", ") || "none"}); move the shared part down (to the module both use, or to src/server/lib), or declare ${from} -> ${to} in SERVER_MODULE_DEPENDENCIES if the graph stays acyclic`;
}

/** The rules of DESIGN.md "Imports run one way", checked on one edge. */
export function checkEdge(edge: ImportEdge): string | null {
  const { from, to, typeOnly } = edge;
  if (from.startsWith("src/shared/") && (to.startsWith("src/server/") || to.startsWith("src/web/")))
    return "src/shared is used by both sides and imports neither the server nor the web";
  // One exception, in tests only: the server's tests of the pages it renders load the web's
  // renderer from source, as the built server loads dist/server/entry-server.js (decision 046).
  if (from.startsWith("src/server/") && to === "src/web/entry-server.tsx" && isTest(from))
    return null;
  if (from.startsWith("src/server/") && to.startsWith("src/web/"))
    return "the server never imports the web";
  if (from.startsWith("src/web/") && to.startsWith("src/server/") && !typeOnly)
    return "the web imports only types from the server (use `import type`)";
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature)
    return `features never import each other (${fromFeature} -> ${toFeature}); move the shared part to src/web/components or src/web/lib, or compose them in src/web/app`;
  if (
    /^src\/web\/(components|lib)\//.test(from) &&
    (toFeature !== undefined || to.startsWith("src/web/app/"))
  )
    return "src/web/components and src/web/lib sit below features and app, and import neither";
  return null;
}

/** Import cycles among the given files (Tarjan's strongly connected components), type imports included. */
export function findCycles(edges: ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const e of edges) {
    if (!graph.has(e.from)) graph.set(e.from, []);
    graph.get(e.from)?.push(e.to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      for (;;) {
        const member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
        if (member === node) break;
      }
      const selfLoop = graph.get(node)?.includes(node) ?? false;
      if (component.length > 1 || selfLoop) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

/** All boundary violations and cycles for a set of files (repository-relative path -> source). */
export function checkBoundaries(
  files: Map<string, string>,
  moduleGraph: Readonly<Record<string, readonly string[]>> = SERVER_MODULE_DEPENDENCIES,
) {
  const exists = (file: string) => files.has(file);
  const edges: ImportEdge[] = [];
  const violations: Violation[] = [];
  for (const [file, source] of files) {
    for (const { specifier, typeOnly } of readImports(file, source)) {
      if (specifier.startsWith("@shared/")) violations.push({ file, specifier, rule: NO_ALIAS });
      const to = resolveImport(file, specifier, exists);
      if (to) edges.push({ from: file, to, specifier, typeOnly });
    }
  }
  for (const edge of edges) {
    for (const rule of [checkEdge(edge), checkModuleEdge(edge, moduleGraph)])
      if (rule) violations.push({ file: edge.from, specifier: edge.specifier, rule });
  }
  const cycles = findCycles(edges.filter((e) => e.from.startsWith("src/")));
  for (const cycle of findModuleCycles(moduleGraph))
    cycles.push(cycle.map((module) => `src/server/modules/${module}/`));
  return { edges, violations, cycles };
}
