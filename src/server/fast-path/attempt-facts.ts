/**
 * What decision 015's refusal read learns of an attempt, kept per instance so that a student's
 * saves after the first cost one round trip to the database instead of two (decision 052).
 *
 * Every fact kept either never changes or changes one way only, so a kept copy can only be wrong
 * in a direction the upsert's own conditions already close (decision 015's race):
 * - the owner never changes: a save by anyone else is refused (404) before any write is sent;
 * - completion never reverts: an attempt seen completed is refused (409) before any write; one
 *   completed on another instance, or by the sweeper, still looks open here until the upsert,
 *   under its share lock, refuses it and tells this copy;
 * - a deadline only ever moves later (maintenance extends open attempts): a copy that says "late"
 *   is read again before the save is refused; a copy that says "on time" is never wrong.
 */
export type AttemptFacts = { userId: string; completed: boolean; deadlineMs: number };

export type AttemptFactsCache = {
  get(attemptId: string): AttemptFacts | undefined;
  set(attemptId: string, facts: AttemptFacts): void;
  /** The attempt was completed (submitted here, or refused by the upsert as completed). */
  completed(attemptId: string): void;
  /** Read it again next time (deleted, or refused as late by the upsert). */
  forget(attemptId: string): void;
  readonly size: number;
};

/** A bounded map: past `maxEntries` the oldest entry goes (it only costs that attempt a read). */
export function createAttemptFactsCache(maxEntries = 100_000): AttemptFactsCache {
  const entries = new Map<string, AttemptFacts>();
  return {
    get: (attemptId) => entries.get(attemptId),
    set(attemptId, facts) {
      if (!entries.has(attemptId) && entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(attemptId, facts);
    },
    completed(attemptId) {
      const facts = entries.get(attemptId);
      if (facts) facts.completed = true;
    },
    forget(attemptId) {
      entries.delete(attemptId);
    },
    get size() {
      return entries.size;
    },
  };
}
