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
 * Thrown by services; mapped to an HTTP status in exactly one place (app.onError). A message
 * with values is given as a marked text (`msg("… {{name}} …")` and its values): the body carries
 * it beside the English, so the client shows it in the interface language.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly text?: MarkedText;

  constructor(code: ErrorCode, message: string | MarkedText, details?: unknown) {
    super(typeof message === "string" ? message : fillText(message));
    this.name = "AppError";
    this.code = code;
    this.details = details;
    if (typeof message !== "string") this.text = message;
  }

  get status(): ContentfulStatusCode {
    return STATUS_BY_CODE[this.code];
  }
}

export function statusForCode(code: ErrorCode): ContentfulStatusCode {
  return STATUS_BY_CODE[code];
}
