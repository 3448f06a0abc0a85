import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../shared/errors.ts";
import { fillText, type MarkedText } from "../../shared/i18n/msg.ts";

const STATUS_BY_CODE: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  MAINTENANCE: 503,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/**
 * Thrown by services; mapped to an HTTP status in exactly one place (error-answer.ts, for
 * app.onError and the direct routes). A message with values is given as a marked text
 * (`msg("… {{name}} …")` and its values): the body carries it beside the English, so the client
 * shows it in the interface language.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly text?: MarkedText;
  /** When the client may try again (sent as Retry-After), for a refusal that passes. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string | MarkedText,
    details?: unknown,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(typeof message === "string" ? message : fillText(message));
    this.name = "AppError";
    this.code = code;
    this.details = details;
    if (typeof message !== "string") this.text = message;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): ContentfulStatusCode {
    return STATUS_BY_CODE[this.code];
  }
}

export function statusForCode(code: ErrorCode): ContentfulStatusCode {
  return STATUS_BY_CODE[code];
}
