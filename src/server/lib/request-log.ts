import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import type { Logger } from "./logger.ts";
import { setResponseHeader } from "./response-headers.ts";

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * One line per request: method, path, status, duration, request id (also sent back). The path is
 * the decoded one, so it may hold anything a client typed; the logger escapes control characters
 * in every value (logger.ts#escapeControl).
 */
export function requestLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    // A caller's id is kept only when it looks like one; it is logged and sent back.
    const given = c.req.header("x-request-id");
    const requestId = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    c.set("requestId", requestId);
    await next();
    setResponseHeader(c, "x-request-id", requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms, requestId };
    // 503 is maintenance mode doing its job, not a fault.
    if (c.res.status >= 500 && c.res.status !== 503) logger.error("request", line);
    else logger.info("request", line);
  });
}
