/**
 * Marks English text that is shown through `t()` later (a nav label in a table, a message kept in
 * a constant): it returns the text unchanged, and scripts/check-i18n.ts reads the marked text as a
 * key that needs its Hindi entry (decision 039).
 */
export function msg<const T extends string>(text: T): T {
  return text;
}
