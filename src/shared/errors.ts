import type { MarkedText } from "./i18n/msg.ts";

/** The one error shape every API failure uses: `{ error: { code, message, details? } }`. */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "MAINTENANCE",
  /** An outside service (Razorpay) failed or could not be reached. */
  "BAD_GATEWAY",
  /** The database connection was lost for a moment (503): try again. */
  "UNAVAILABLE",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type ApiErrorBody = {
  error: {
    code: ErrorCode | string;
    /** In English, values filled in. */
    message: string;
    details?: unknown;
    /** A message with values, as a marked text: the client shows it in the interface language. */
    text?: MarkedText;
  };
};
