// Drizzle's schema registry: the one module that gathers every table (drizzle-kit and the
// relational query builder need them in one object). Application code imports tables from
// their own files.

export * from "./accommodations.ts";
export * from "./auth.ts";
export * from "./auth-throttle.ts";
export * from "./content.ts";
export * from "./courses.ts";
export * from "./discussions.ts";
export * from "./evaluation.ts";
export * from "./exams.ts";
export * from "./library.ts";
export * from "./live-classes.ts";
export * from "./live-tests.ts";
export * from "./mains-booklets.ts";
export * from "./mains-tests.ts";
export * from "./notifications.ts";
export * from "./outbox.ts";
export * from "./profiles.ts";
export * from "./pyq.ts";
export * from "./question-reports.ts";
export * from "./quizzes.ts";
export * from "./referrals.ts";
export * from "./revision.ts";
export * from "./subscriptions.ts";
export * from "./support.ts";
export * from "./taxonomy.ts";
export * from "./upload-counts.ts";
