/**
 * English needs entries only where the key alone is not the text: plural forms (i18next looks up
 * `key_one` / `key_other` for a `count`). Everything else shows its key, the spec's own words.
 */
export const ENGLISH: Record<string, string> = {
  // The exam-taking area (hi/exam.json).
  "{{count}} minutes_one": "{{count}} minute",
  "You have {{count}} unanswered questions. Unanswered questions score nothing._one":
    "You have {{count}} unanswered question. Unanswered questions score nothing.",
  "Answered {{answered}} of {{total}}; {{count}} questions are marked for review._one":
    "Answered {{answered}} of {{total}}; {{count}} question is marked for review.",
  "{{formatted}} attempts_one": "{{formatted}} attempt",
  "{{count}} attempts left on your plan_one": "{{count}} attempt left on your plan",
};
