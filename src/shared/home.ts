// No zod here: the home page imports this and must stay light.
export const MOCK_TEST_CHIPS = [
  { value: "", label: "All Tests" },
  { value: "full_length", label: "Full Length" },
  { value: "gs", label: "Sectional (GS)" },
  { value: "csat", label: "Sectional (CSAT)" },
  { value: "chapter", label: "Chapter Wise" },
] as const;

export const HOME_QUIZ_LIMIT = 6;
/** A realistic daily goal for a working aspirant, editable (issue 19 §4; the spec's 10 was not). */
export const DEFAULT_DAILY_GOAL_HOURS = 2;
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

/** Spec: 'Amazing! You've hit your daily goal!' or 'Keep going! Just N hours more...'. */
export function streakMessage(studiedHours: number, goalHours: number): string {
  if (studiedHours >= goalHours) return "Amazing! You've hit your daily goal!";
  const left = Math.ceil((goalHours - studiedHours) * 10) / 10;
  return `Keep going! Just ${left} hours more...`;
}
