import { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { API_MESSAGES } from "../../shared/api-messages.ts";
import { AppError } from "./app-error.ts";
import type { AppEnv } from "./context.ts";
import { type BodyLimitPolicy, policyOf } from "./route-policy.ts";

/** Enough for any JSON form or auth call the app sends; a sign-in is a few hundred bytes. */
export const API_BODY_LIMIT = 64 * 1024;
export const API_BODY_LIMIT_MESSAGE = API_MESSAGES.bodyTooLarge;

export const DEFAULT_LIMIT: BodyLimitPolicy = {
  maxBytes: API_BODY_LIMIT,
  message: API_BODY_LIMIT_MESSAGE,
};

/** Hono's bodyLimit for one declared limit, built once per limit. */
const limiters = new WeakMap<BodyLimitPolicy, MiddlewareHandler>();
function limiterFor(policy: BodyLimitPolicy) {
  let limiter = limiters.get(policy);
  if (!limiter) {
    limiter = bodyLimit({
      maxSize: policy.maxBytes,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", policy.message);
      },
    });
    limiters.set(policy, limiter);
  }
  return limiter;
}

/**
 * Holds every /api body to the limit its route declared beside its validator
 * (`route-policy.ts#bodyLimit`: news content, CSV import and preview, uploads, the webhook), or to
 * API_BODY_LIMIT when it declared none (decision 030). Answers 413 with the route's message as
 * soon as a body is known to be too big: at once from Content-Length, or after the first chunk past
 * the limit of a streamed body, so an oversized request is never buffered.
 *
 * A JSON body arriving through @hono/node-server is read here straight from Node's request
 * (readNodeJson): Hono would otherwise build a fetch Request around it (an AbortController, a web
 * stream over the socket) on every answer save, about a tenth of the server's CPU per save
 * (decision 027). Everything else goes through Hono's bodyLimit as before.
 */
export function apiBodyLimit() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const method = c.req.method;
    // No body to limit (and asking for one would build the fetch Request for nothing).
    if (method === "GET" || method === "HEAD") return next();
    const policy = policyOf(c).bodyLimit ?? DEFAULT_LIMIT;
    const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
    if (incoming instanceof IncomingMessage && !incoming.readableDidRead && isJson(c)) {
      await readNodeJson(c, incoming, policy);
      return next();
    }
    return limiterFor(policy)(c, next);
  });
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
function isJson(c: Context) {
  return isJsonType(c.req.header("content-type"));
}

/** A JSON media type, as Hono's validator reads Content-Type (also the direct routes'). */
export function isJsonType(type: string | undefined) {
  return !!type && JSON_TYPE.test(type.split(";")[0]?.trim() ?? "");
}

/**
 * Reads a JSON request's body from Node's IncomingMessage, held to the route's limit (a declared
 * length over it is refused before reading; a stream is refused at the first chunk past it), and
 * hands it to Hono the way it caches a body it has read itself: `c.req.json()` and `text()`
 * decode it (BOM stripped, like fetch's), `arrayBuffer()` and `blob()` get the exact bytes. The
 * bytes also become `incoming.rawBody`, which @hono/node-server uses if anything asks for
 * `c.req.raw` (better-auth's handler), so that Request carries the same body.
 */
async function readNodeJson(
  c: Context,
  incoming: IncomingMessage & { rawBody?: Buffer },
  policy: BodyLimitPolicy,
) {
  const body = await readNodeBody(incoming, policy);
  incoming.rawBody = body;
  let text: Promise<string> | undefined;
  let bytes: Promise<ArrayBuffer> | undefined;
  // Getters, so nothing is decoded or copied unless a handler asks; `arrayBuffer` first, because
  // Hono derives any other kind from the first key it finds.
  Object.defineProperties(c.req.bodyCache, {
    arrayBuffer: {
      enumerable: true,
      configurable: true,
      get: () => {
        bytes ??= Promise.resolve(
          body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
        );
        return bytes;
      },
    },
    text: {
      enumerable: true,
      configurable: true,
      get: () => {
        text ??= Promise.resolve(new TextDecoder().decode(body));
        return text;
      },
    },
  });
}

/**
 * A request's body from Node's IncomingMessage, held to `policy`: a declared length over it is
 * refused before reading, a stream at the first chunk past it (413); a client that goes away
 * mid-body is a 400. Also the direct routes' reader (decision 053).
 */
export async function readNodeBody(incoming: IncomingMessage, policy: BodyLimitPolicy) {
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", policy.message);
  const declared = Number(incoming.headers["content-length"] ?? Number.NaN);
  if (declared > policy.maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of incoming as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > policy.maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The client went away mid-body (a phone losing signal): not a server fault.
    throw new AppError("BAD_REQUEST", API_MESSAGES.bodyUnreadable);
  }
  return Buffer.concat(chunks, size);
}
