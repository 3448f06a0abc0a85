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
  error: { code: ErrorCode | string; message: string; details?: unknown };
};
