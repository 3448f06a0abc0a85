import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { AppError } from "./app-error.ts";
import type { AppEnv } from "./context.ts";

/** Enough for any JSON form or auth call the app sends; a sign-in is a few hundred bytes. */
export const API_BODY_LIMIT = 64 * 1024;

/**
 * Routes that take bigger bodies and enforce their own limit in their route file (news content,
 * the CSV import, image uploads). Everything else under /api is held to API_BODY_LIMIT.
 */
const OWN_LIMIT_ROUTES: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  ["POST", /^\/api\/news\/?$/],
  ["PUT", /^\/api\/news\/[^/]+\/?$/],
  ["POST", /^\/api\/news\/images\/?$/],
  ["POST", /^\/api\/profile\/photo\/?$/],
  ["POST", /^\/api\/admin\/questions\/import\/?$/],
];

const limit = bodyLimit({
  maxSize: API_BODY_LIMIT,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", "The request is too large.");
  },
});

/**
 * Answers 413 as soon as a body is known to be too big: at once from Content-Length, or after
 * the first chunk past the limit of a streamed body, so an oversized request is never buffered.
 */
export function apiBodyLimit() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    if (OWN_LIMIT_ROUTES.some(([m, pattern]) => m === method && pattern.test(path))) {
      return next();
    }
    return limit(c, next);
  });
}
