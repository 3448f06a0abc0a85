/**
 * Marks English text that is shown through `t()` later (a nav label in a table, a message kept in
 * a constant): it returns the text unchanged, and scripts/check-i18n.ts reads the marked text as a
 * key that needs its Hindi entry (decision 039).
 */
export function msg<const T extends string>(text: T): T {
  return text;
}

/** A marked text with the values for its `{{name}}` places, for `t(key, values)` on the client. */
export type MarkedText = { key: string; values: Record<string, string | number> };

/** The English of a marked text with its values filled in (what the API's `message` says). */
export function fillText(text: MarkedText): string {
  return text.key.replace(/\{\{(\w+)\}\}/g, (place, name: string) =>
    name in text.values ? String(text.values[name]) : place,
  );
}
