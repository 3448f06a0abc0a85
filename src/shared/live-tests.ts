import { msg } from "./i18n/msg.ts";

/**
 * All-India live tests (decision 047): an exam scheduled for everyone at once. Entry
 * is open for `entryMinutes` from `opensAt`; each registered student may start from their own
 * staggered entry time (`opensAt` + their offset) and has the full duration from their start;
 * nobody finishes after the close (`opensAt` + entry + duration). These rules are shared, so the
 * waiting room's countdown and the server's refusals agree. No zod here: the exam page imports
 * these rules, and the schemas are in `live-test-schemas.ts`.
 */
export type LiveSchedule = {
  opensAt: Date;
  entryMinutes: number;
  durationMinutes: number;
  resultsAt: Date | null;
};

export const LIVE_ENTRY_MINUTES_DEFAULT = 15;
export const LIVE_ENTRY_MINUTES_MAX = 240;
export const LIVE_DURATION_MINUTES_MAX = 600;
/** The staggered entry spreads students over at most this much of the entry window's start. */
export const LIVE_STAGGER_MAX_SECONDS = 300;
/** The leaderboard's length. */
export const LIVE_LEADERBOARD_SIZE = 100;
export const LIVE_DISPLAY_NAME_MAX = 60;

export const LIVE_MESSAGES = {
  notFound: msg("Live test not found."),
  notRegistered: msg("Register for this live test to take it."),
  registrationClosed: msg("Registration for this live test has closed."),
  notOpenYet: msg("Your entry opens at {{time}}. Please wait in the waiting room."),
  entryClosed: msg("The entry window for this live test has closed."),
  alreadyTaken: msg("You have already taken this live test."),
  startConflict: msg("Could not record the live test start."),
  resultsSealed: msg("Results and your All-India rank are published at {{time}}."),
  opened: msg("The live test has opened: it can no longer be changed."),
  overlaps: msg("Results cannot be published before the live test closes."),
  busy: msg("Many students are starting right now. Trying again in a moment."),
  alreadyScheduled: msg("This exam is already scheduled as a live test."),
  inPast: msg("The live test must open in the future."),
  examSeen: msg(
    "Students have already seen this exam's questions: schedule a live test on an exam nobody has taken.",
  ),
  takeLive: msg(
    "This exam is an All-India live test: take it from its waiting room. It opens as a practice exam once the results are out.",
  ),
} as const;

/** The end of the entry window: no start after it. */
export function entryClosesAt(s: Pick<LiveSchedule, "opensAt" | "entryMinutes">): Date {
  return new Date(s.opensAt.getTime() + s.entryMinutes * 60_000);
}

/** The close: the last deadline of a student without extra time. */
export function closesAt(s: LiveSchedule): Date {
  return new Date(entryClosesAt(s).getTime() + s.durationMinutes * 60_000);
}

/** How much of the entry window's start the staggered entry spreads students over. */
export function staggerSeconds(s: Pick<LiveSchedule, "entryMinutes">): number {
  return Math.min(LIVE_STAGGER_MAX_SECONDS, Math.floor((s.entryMinutes * 60) / 3));
}

/**
 * A student's start offset: spread evenly over the stagger by a hash of the test and the student
 * (FNV-1a), so it needs no stored row and every instance gives the same answer.
 */
export function startOffsetSeconds(
  s: Pick<LiveSchedule, "entryMinutes">,
  examId: string,
  userId: string,
): number {
  const span = staggerSeconds(s);
  if (span <= 0) return 0;
  let hash = 0x811c9dc5;
  const key = `${examId}:${userId}`;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % span;
}

/** When this student may press Start. */
export function entryAt(s: LiveSchedule, examId: string, userId: string): Date {
  return new Date(s.opensAt.getTime() + startOffsetSeconds(s, examId, userId) * 1000);
}

/**
 * The deadline of an attempt started at `startedAt`: the full duration from the student's own
 * start, never after the close; `extraSeconds` (an accommodation) extends both.
 */
export function liveDeadline(s: LiveSchedule, startedAt: Date, extraSeconds = 0): Date {
  const own = startedAt.getTime() + s.durationMinutes * 60_000;
  return new Date(Math.min(own, closesAt(s).getTime()) + extraSeconds * 1000);
}

export type LivePhase = "upcoming" | "entry" | "running" | "closed" | "published";

/** Where the live test stands at `now`. */
export function livePhase(s: LiveSchedule & { publishedAt: Date | null }, now: Date): LivePhase {
  if (s.publishedAt) return "published";
  if (now < s.opensAt) return "upcoming";
  if (now < entryClosesAt(s)) return "entry";
  if (now < closesAt(s)) return "running";
  return "closed";
}
