import { createMiddleware } from "hono/factory";

type HeaderRecord = Record<string, string | string[]>;
type JsonRespond = (
  object: unknown,
  arg?: number | ResponseInit,
  headers?: HeaderRecord,
) => Response;

/**
 * Content-Length on JSON answers, so that compress() (mounted outside this) skips the small ones.
 * Hono's c.json() sets no length, and compress() applies its 1 KiB threshold only when the length
 * is known: without this every JSON answer, even a 100-byte save receipt, went through a gzip
 * stream, about a tenth of the server's CPU in the exam load test (decision 023).
 *
 * The length is set as the answer is made (this context's `c.json` serialises once and passes
 * it on): measuring the finished response instead means reading its body, which under
 * @hono/node-server turns the light response into a full fetch Response with a stream, the
 * slow path on every save (decision 027). Same arguments and headers as Hono's own c.json.
 */
export function jsonLength() {
  return createMiddleware(async (c, next) => {
    const context = c as unknown as { json: JsonRespond };
    const json = context.json;
    context.json = (object, arg, headers) => {
      const text = JSON.stringify(object);
      if (typeof text !== "string") return json(object, arg, headers);
      return c.body(text, arg as never, {
        "Content-Type": "application/json",
        ...headers,
        "Content-Length": String(Buffer.byteLength(text)),
      });
    };
    await next();
  });
}
