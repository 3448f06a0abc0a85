import { msg } from "./i18n/msg.ts";

/**
 * The exams a new student can name as their target in onboarding. Codes are stored
 * in `profiles.target_exam` (a check constraint keeps the list); labels are shown through `t()`.
 */
export const TARGET_EXAMS = ["upsc_cse", "upsc_cds", "upsc_capf", "state_psc", "other"] as const;
export type TargetExam = (typeof TARGET_EXAMS)[number];

export const TARGET_EXAM_LABELS: Record<TargetExam, string> = {
  upsc_cse: msg("UPSC Civil Services (IAS, IPS, IFS)"),
  upsc_cds: msg("UPSC Combined Defence Services (CDS)"),
  upsc_capf: msg("UPSC CAPF (Assistant Commandants)"),
  state_psc: msg("State PSC"),
  other: msg("Another exam"),
};

/** How many years ahead a target year may be (this year and the next five). */
export const TARGET_YEARS_AHEAD = 5;

/** The years a student can choose: this calendar year (India's) and the next few. */
export function targetYearChoices(today: Date = new Date()): number[] {
  const year = Number(
    new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: "Asia/Kolkata" }).format(today),
  );
  return Array.from({ length: TARGET_YEARS_AHEAD + 1 }, (_, i) => year + i);
}

export const ONBOARDING_MESSAGES = {
  examRequired: msg("Choose the exam you are preparing for."),
  yearRequired: msg("Choose the year you will sit the exam."),
  targetFirst: msg("Choose your target exam and year first."),
} as const;

/** A student's onboarding as the client reads it (GET /api/onboarding). */
export type OnboardingState = {
  completed: boolean;
  targetExam: TargetExam | null;
  targetYear: number | null;
  dailyGoalHours: number;
};

/** The onboarding page (the route catalogue's "Welcome"). */
export const ONBOARDING_PATH = "/student/welcome";
