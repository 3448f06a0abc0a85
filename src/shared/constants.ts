export const OPTION_KEYS = ["A", "B", "C", "D"] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];

export const ROLES = ["admin", "student", "mentor"] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 6;
export const TOAST_DURATION_MS = 5000;

export const DEFAULT_APP_TITLE = "My Exam App";
export const DEFAULT_EXAM_TIME_LIMIT_SECONDS = 3600;
export const DEFAULT_PASSING_MARKS = 70;
