/**
 * What an attempt can be of (decision 033). Each kind is one module on each side, registered in a
 * record keyed by this union (the server's `modules/attempts/kinds/index.ts`, the web's
 * `features/exams/kinds/index.ts`), so adding a kind here fails to compile until both have it
 * (docs/guides/engine.md, "Adding an attempt kind").
 */
export const ATTEMPT_KINDS = ["exam", "quiz", "practice", "revision", "live", "mains"] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];

/** For the `default` of an exhaustive switch: a kind that reaches it does not compile. */
export function assertNever(value: never): never {
  throw new Error(`unhandled kind: ${JSON.stringify(value)}`);
}

/**
 * The kinds an admin authors (exams and quizzes): they hold their own questions, carry plan
 * rules, CSV imports and the item analysis. Practice tests and revision sessions are drawn from
 * their questions for one student (decision 041).
 */
export const CONTENT_KINDS = ["exam", "quiz"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
