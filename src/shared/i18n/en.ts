/**
 * English needs entries only where the key alone is not the text: plural forms (i18next looks up
 * `key_one` / `key_other` for a `count`). Everything else shows its key, the spec's own words.
 */
export const ENGLISH: Record<string, string> = {
  // The admin's question and content screens (admin-content).
  "{{count}} questions_one": "{{count}} question",
  "{{count}} questions_other": "{{count}} questions",
  "{{count}} student attempts_one": "{{count}} student attempt",
  "{{count}} student attempts_other": "{{count}} student attempts",
  "{{count}} duplicates will be skipped_one": "{{count}} duplicate will be skipped",
  "{{count}} duplicates will be skipped_other": "{{count}} duplicates will be skipped",
  "{{count}} duplicates will be imported anyway_one": "{{count}} duplicate will be imported anyway",
  "{{count}} duplicates will be imported anyway_other":
    "{{count}} duplicates will be imported anyway",
  "{{count}} duplicates skipped._one": "{{count}} duplicate skipped.",
  "{{count}} duplicates skipped._other": "{{count}} duplicates skipped.",
  "{{file}}: {{count}} valid questions._one": "{{file}}: {{count}} valid question.",
  "{{file}}: {{count}} valid questions._other": "{{file}}: {{count}} valid questions.",
  "{{file}}: {{count}} valid questions, {{rows}} row(s) will be skipped._one":
    "{{file}}: {{count}} valid question, {{rows}} row(s) will be skipped.",
  "{{file}}: {{count}} valid questions, {{rows}} row(s) will be skipped._other":
    "{{file}}: {{count}} valid questions, {{rows}} row(s) will be skipped.",
  "Tag {{count}} Selected Questions_one": "Tag {{count}} Selected Question",
  "Tag {{count}} Selected Questions_other": "Tag {{count}} Selected Questions",
};
