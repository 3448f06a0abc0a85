import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { API_MESSAGES } from "../../shared/api-messages.ts";
import type { ApiErrorBody } from "../../shared/errors.ts";
import type { MarkedText } from "../../shared/i18n/msg.ts";
import { AppError } from "./app-error.ts";
import { isDatabaseUnavailable } from "./db-errors.ts";
import type { Logger } from "./logger.ts";

export const DATABASE_UNAVAILABLE_MESSAGE = API_MESSAGES.databaseUnavailable;

/** What an error becomes on the wire: status, the JSON body, and Retry-After when it passes. */
export type ErrorAnswer = {
  status: ContentfulStatusCode;
  body: ApiErrorBody;
  retryAfterSeconds?: number;
};

export function errorBody(
  code: string,
  message: string,
  details?: unknown,
  text?: MarkedText,
): ApiErrorBody {
  return {
    error: {
      code,
      message,
      ...(details === undefined ? {} : { details }),
      ...(text === undefined ? {} : { text }),
    },
  };
}

/**
 * The one mapping from a thrown error to the API's answer, used by app.onError and by the direct
 * routes (decision 053), so a refusal reads the same whichever path served it. Logs what is a
 * fault (a lost database at warn, anything unexpected at error).
 */
export function errorAnswer(
  err: unknown,
  log: { logger: Logger; requestId?: string },
): ErrorAnswer {
  if (err instanceof AppError) {
    return {
      status: err.status,
      body: errorBody(err.code, err.message, err.details, err.text),
      ...(err.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: err.retryAfterSeconds }),
    };
  }
  if (err instanceof ZodError) {
    const first = err.issues[0];
    return {
      status: 422,
      body: errorBody("VALIDATION_FAILED", first?.message ?? API_MESSAGES.invalidInput, err.issues),
    };
  }
  if (err instanceof HTTPException) {
    return {
      status: err.status as ContentfulStatusCode,
      body: errorBody("BAD_REQUEST", err.message || API_MESSAGES.badRequest),
    };
  }
  if (isDatabaseUnavailable(err)) {
    // A lost database connection (ended by an admin or a failover, or PostgreSQL restarting):
    // the statement did not commit and the pool reconnects, so the client should try again
    // (503, as the answer queue and the submit screen do for an unavailable server).
    log.logger.warn("database unavailable", {
      requestId: log.requestId,
      error: err instanceof Error ? err.message : String(err),
    });
    // Also a request that waited DATABASE_POOL_WAIT_MS for a connection (an overloaded
    // instance sheds it, decision 050): told when to come back, as the start queue does.
    return {
      status: 503,
      body: errorBody("UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE),
      retryAfterSeconds: 2,
    };
  }
  log.logger.error("unhandled error", {
    requestId: log.requestId,
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return { status: 500, body: errorBody("INTERNAL", API_MESSAGES.internal) };
}

/** `errorAnswer` as a Hono response (app.onError's), Retry-After included. */
export function errorResponse(
  c: Context,
  err: unknown,
  log: { logger: Logger; requestId?: string },
) {
  const answer = errorAnswer(err, log);
  if (answer.retryAfterSeconds !== undefined) {
    c.header("Retry-After", String(answer.retryAfterSeconds));
  }
  return c.json(answer.body, answer.status);
}
