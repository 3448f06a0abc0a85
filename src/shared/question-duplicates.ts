/**
 * When two questions are "the same" for the CSV import (decision 022): the same question text
 * and the same four options, compared after normalising case and whitespace. The options count
 * as a set (A-D shuffled is still the same question); the correct answer and the explanation do
 * not count (a row that only corrects the key is still a repeat). A common stem such as "Which of
 * the following statements is correct?" with other options is a different question.
 */

/** Unicode NFKC, zero-width spaces removed, lower case, whitespace runs as one space, trimmed. */
export function normaliseForDuplicates(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u200B\uFEFF]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

export type DuplicateCandidate = {
  questionText: string;
  options: { A: string; B: string; C: string; D: string };
};

const SEPARATOR = "\u001f";

/** One string per question: equal keys mean duplicate questions. */
export function questionDuplicateKey(question: DuplicateCandidate): string {
  const { A, B, C, D } = question.options;
  const options = [A, B, C, D].map(normaliseForDuplicates).sort();
  return [normaliseForDuplicates(question.questionText), ...options].join(SEPARATOR);
}

export type DuplicateFlag =
  /** The target exam or quiz already has this question. */
  | { row: number; reason: "target" }
  /** An earlier row of the same file (`firstRow`) has this question. */
  | { row: number; reason: "file"; firstRow: number };

/**
 * Flags each row that is already in the target (`existingKeys`, from questionDuplicateKey) or
 * repeats an earlier row of the file; the first occurrence in the file is not flagged (unless it
 * is in the target). Rows keep the file's order.
 */
export function findDuplicateRows(
  rows: readonly (DuplicateCandidate & { row: number })[],
  existingKeys: ReadonlySet<string>,
): DuplicateFlag[] {
  const firstRowOf = new Map<string, number>();
  const flags: DuplicateFlag[] = [];
  for (const question of rows) {
    const key = questionDuplicateKey(question);
    const firstRow = firstRowOf.get(key);
    if (existingKeys.has(key)) flags.push({ row: question.row, reason: "target" });
    else if (firstRow !== undefined) flags.push({ row: question.row, reason: "file", firstRow });
    if (firstRow === undefined) firstRowOf.set(key, question.row);
  }
  return flags;
}
