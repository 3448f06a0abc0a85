import ts from "typescript";
import { ATTEMPT_KINDS } from "../../src/shared/attempt-kinds.ts";

/**
 * Attempt-kind comparisons outside the kind modules (`npm run check:kinds`, part of `lint`).
 * Everything an attempt kind does differently lives in its module on each side
 * (`src/server/modules/attempts/kinds/`, `src/web/features/exams/kinds/`; docs/guides/engine.md),
 * so elsewhere nothing asks which kind it holds.
 *
 * The rule, read with the type checker: a `===`, `!==`, `==` or `!=` between a string literal
 * naming an attempt kind and an expression whose type is made only of attempt-kind literals
 * (`AttemptKind`, `ContentKind`, a target's `kind`), or a `switch` over such an expression with a
 * `case` naming one. A value of another domain that shares a word (a course step's `kind`, which
 * may also be "note" or "video") has a wider type and is not an attempt kind. Tests are not
 * checked: asserting a kind is what they are for.
 */
export type KindComparison = { file: string; line: number; text: string };

const KINDS = new Set<string>(ATTEMPT_KINDS);
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

function kindLiteral(node: ts.Expression): boolean {
  return (
    (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && KINDS.has(node.text)
  );
}

/** Whether every constituent of the type is a string literal naming an attempt kind. */
function isKindType(checker: ts.TypeChecker, node: ts.Expression): boolean {
  const type = checker.getTypeAtLocation(node);
  const parts = type.isUnion() ? type.types : [type];
  return parts.every((part) => part.isStringLiteral() && KINDS.has(part.value));
}

export function findKindComparisons(
  program: ts.Program,
  isChecked: (fileName: string) => boolean,
): KindComparison[] {
  const checker = program.getTypeChecker();
  const found: KindComparison[] = [];
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || !isChecked(source.fileName)) continue;
    const report = (node: ts.Node) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({
        file: source.fileName,
        line: line + 1,
        text: node.getText(source).slice(0, 80),
      });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
        const { left, right } = node;
        if (
          (kindLiteral(right) && isKindType(checker, left)) ||
          (kindLiteral(left) && isKindType(checker, right))
        ) {
          report(node);
        }
      } else if (ts.isSwitchStatement(node) && isKindType(checker, node.expression)) {
        const named = node.caseBlock.clauses.find(
          (clause) => ts.isCaseClause(clause) && kindLiteral(clause.expression),
        );
        if (named) report(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
