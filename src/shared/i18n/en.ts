/**
 * English needs entries only where the key alone is not the text: plural forms (i18next looks up
 * `key_one` / `key_other` for a `count`). Everything else shows its key, the spec's own words.
 */
export const ENGLISH: Record<string, string> = {};
