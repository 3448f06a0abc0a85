import type { Context } from "hono";

/**
 * Sets a header on the response already made, from a middleware after `next()`.
 *
 * `c.header()` at that point re-creates the response from its body (Hono reads `res.body`), and
 * under @hono/node-server that turns its light string-bodied response into a full fetch
 * Response with a ReadableStream, which is then written out through the slow stream path (with
 * a timer per response). Setting the header on the response's own Headers keeps the fast path:
 * the save path cost half its server CPU to this (decision 027). A response whose headers are
 * immutable (Response.error(), a fetch() passed through) falls back to `c.header()`.
 */
export function setResponseHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    c.header(name, value);
  }
}
