import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import type { Logger } from "./logger.ts";
import { setResponseHeader } from "./response-headers.ts";

/** One line per request: method, path, status, duration, request id (also sent back). */
export function requestLog(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
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
