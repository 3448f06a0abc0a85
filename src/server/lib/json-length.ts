import { createMiddleware } from "hono/factory";

/**
 * Content-Length on JSON answers, so that compress() (mounted outside this) skips the small ones.
 * Hono's c.json() sets no length, and compress() applies its 1 KiB threshold only when the length
 * is known: without this every JSON answer, even a 100-byte save receipt, went through a gzip
 * stream, about a tenth of the server's CPU in the exam load test (decision 023).
 */
export function jsonLength() {
  return createMiddleware(async (c, next) => {
    await next();
    const res = c.res;
    if (
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 304 ||
      res.headers.has("content-length") ||
      !res.headers.get("content-type")?.startsWith("application/json")
    )
      return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.set("content-length", String(body.byteLength));
    const sized = new Response(body, { status: res.status, headers });
    // Assigning over a response makes Hono re-wrap the new one and copy the old headers into it;
    // `sized` already has them all, so the old one is let go first.
    c.res = undefined;
    c.res = sized;
  });
}
