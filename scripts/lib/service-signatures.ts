import ts from "typescript";

/**
 * The service-signature rule that `npm run check:services` holds (see scripts/check-services.ts
 * for the rule in words). Pure: it reads source text and returns findings, no file system.
 */

/** The database handle types a service takes first (src/server/db/client.ts). */
export const DB_TYPES: ReadonlySet<string> = new Set(["Db", "Tx", "DbOrTx"]);

/** An exported service whose signature breaks the rule. `name`: the exported name. */
export type ServiceFinding = {
  file: string;
  line: number;
  name: string;
  params: number;
  reason: string;
};

/**
 * Whether the file is in the rule's scope: a TypeScript file under server modules that is not a
 * test, a test helper (under a `test/` folder) or a route table (`*.routes.ts`: its factories wire
 * routes, they are not services).
 */
export function inScope(file: string): boolean {
  return (
    file.startsWith("src/server/modules/") &&
    file.endsWith(".ts") &&
    !file.endsWith(".d.ts") &&
    !file.endsWith(".test.ts") &&
    !file.endsWith(".routes.ts") &&
    !/(^|\/)test\//.test(file.slice("src/server/modules/".length))
  );
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a type annotation mentions at its top level (a union's or intersection's members). */
function topLevelTypes(type: ts.TypeNode): ts.TypeNode[] {
  if (ts.isParenthesizedTypeNode(type)) return topLevelTypes(type.type);
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type))
    return type.types.flatMap(topLevelTypes);
  return [type];
}

/** Whether a parameter is declared as a database handle (`Db`, `Tx`, `DbOrTx` or their union). */
function isDbParameter(param: ts.ParameterDeclaration): boolean {
  if (!param.type) return false;
  const parts = topLevelTypes(param.type);
  return parts.every(
    (part) =>
      ts.isTypeReferenceNode(part) &&
      ts.isIdentifier(part.typeName) &&
      DB_TYPES.has(part.typeName.text),
  );
}

/** Why the input parameter is not a named type, or null when it is acceptable. */
function inputProblem(param: ts.ParameterDeclaration): string | null {
  if (!param.type) {
    return ts.isIdentifier(param.name) ? null : "the input is destructured without a named type";
  }
  if (topLevelTypes(param.type).some(ts.isTypeLiteralNode))
    return "the input's type is an inline object type; give it a name (e.g. `type FooInput = {...}`)";
  return null;
}

/** The exported functions of one file: `export function`, and `export const f = (...) =>`. */
function exportedFunctions(sourceFile: ts.SourceFile) {
  const found: { name: string; node: ts.SignatureDeclaration; at: ts.Node }[] = [];
  for (const statement of sourceFile.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      // Overload signatures and the implementation share a name: check each once per signature.
      found.push({ name: statement.name.text, node: statement, at: statement.name });
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (
          ts.isIdentifier(declaration.name) &&
          init &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
        ) {
          found.push({ name: declaration.name.text, node: init, at: declaration.name });
        }
      }
    }
  }
  return found;
}

/** The findings of one file (empty when the file is out of scope). */
export function checkServiceSignatures(file: string, source: string): ServiceFinding[] {
  if (!inScope(file)) return [];
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const findings: ServiceFinding[] = [];
  const seen = new Set<string>();
  for (const { name, node, at } of exportedFunctions(sourceFile)) {
    const params = node.parameters;
    const first = params[0];
    if (!first || !isDbParameter(first)) continue;
    const line = sourceFile.getLineAndCharacterOfPosition(at.getStart(sourceFile)).line + 1;
    let reason: string | null = null;
    if (params.length > 2) reason = `takes ${params.length} parameters; take (db, input)`;
    else if (params[1]) reason = inputProblem(params[1]);
    if (reason === null) continue;
    // One finding per exported name (overloads repeat the name).
    if (seen.has(name)) continue;
    seen.add(name);
    findings.push({ file, line, name, params: params.length, reason });
  }
  return findings;
}

/** `file#name`: how the allow-list names a service (no line number, so edits keep it valid). */
export const allowKey = (finding: Pick<ServiceFinding, "file" | "name">) =>
  `${finding.file}#${finding.name}`;

/** The allow-list's entries: one `file#name` a line; `#` at the start of a line is a comment. */
export function parseAllowList(text: string): Set<string> {
  return new Set(
    text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
}

/**
 * The findings the allow-list does not excuse, and the allow-list's entries that match no
 * finding any more (stale: the service was converted or renamed, so the entry must go).
 */
export function applyAllowList(findings: ServiceFinding[], allowed: Set<string>) {
  const keys = new Set(findings.map(allowKey));
  return {
    violations: findings.filter((f) => !allowed.has(allowKey(f))),
    stale: [...allowed].filter((key) => !keys.has(key)).sort(),
  };
}
