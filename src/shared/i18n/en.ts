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
  // The Mains examiners' calibration (hi/mains-calibration.json).
  "{{value}} marks_one": "{{value}} mark",
  "{{value}} marks_other": "{{value}} marks",
  "{{value}} bands_one": "{{value}} band",
  "{{value}} bands_other": "{{value}} bands",
  // The exam-taking area (hi/exam.json).
  "{{count}} minutes_one": "{{count}} minute",
  // A live test's rules (hi/live-tests.json).
  "You have the full {{count}} minutes from your own start._one":
    "You have the full {{count}} minute from your own start.",
  "You have the full {{count}} minutes from your own start._other":
    "You have the full {{count}} minutes from your own start.",
  // The timer's screen-reader announcements (decision 048).
  "{{count}} minutes left_one": "{{count}} minute left",
  "{{count}} minutes left_other": "{{count}} minutes left",
  "You have {{count}} unanswered questions. Unanswered questions score nothing._one":
    "You have {{count}} unanswered question. Unanswered questions score nothing.",
  "Answered {{answered}} of {{total}}; {{count}} questions are marked for review._one":
    "Answered {{answered}} of {{total}}; {{count}} question is marked for review.",
  "{{formatted}} attempts_one": "{{formatted}} attempt",
  "{{count}} attempts left on your plan_one": "{{count}} attempt left on your plan",
  // The PYQ explorer (hi/pyq.json).
  "{{count}} questions from premium papers need a plan_one":
    "{{count}} question from a premium paper needs a plan",
  "Show {{name}}, {{year}}: {{count}} questions_one": "Show {{name}}, {{year}}: {{count}} question",
  // Answer evaluation for mentors and admins (hi/mentor.json).
  "{{count}} days {{hours}} h_one": "{{count}} day {{hours}} h",
  "{{count}} days_one": "{{count}} day",
  "{{count}} words_one": "{{count}} word",
  "{{count}} pages_one": "{{count}} page",
};
