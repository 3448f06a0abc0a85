import { createMiddleware } from "hono/factory";
import { setResponseHeader } from "../fast-path/response-headers.ts";
import type { AppEnv } from "./context.ts";
import type { Logger } from "./logger.ts";

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * One line per request: method, path, status, duration, request id (also sent back). The path is
 * the decoded one, so it may hold anything a client typed; the logger escapes control characters
 * in every value (logger.ts#escapeControl).
 */
export function requestLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    await next();
    setResponseHeader(c, "x-request-id", requestId);
    logRequest(
      logger,
      { method: c.req.method, path: c.req.path, status: c.res.status, requestId },
      started,
    );
  });
}

/** A caller's id when it looks like one (it is logged and sent back), else a new one. */
export function requestIdFrom(given: string | undefined) {
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** The request's line (also the direct routes', decision 053), `started` from performance.now(). */
export function logRequest(
  logger: Logger,
  request: { method: string; path: string; status: number; requestId: string },
  started: number,
) {
  const ms = Math.round((performance.now() - started) * 10) / 10;
  const line = {
    method: request.method,
    path: request.path,
    status: request.status,
    ms,
    requestId: request.requestId,
  };
  // 503 is maintenance mode doing its job, not a fault.
  if (request.status >= 500 && request.status !== 503) logger.error("request", line);
  else logger.info("request", line);
}
