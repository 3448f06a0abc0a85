import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { promisify } from "node:util";
import { deflate, gzip } from "node:zlib";
import type { serve } from "@hono/node-server";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { parseAccept } from "hono/utils/accept";
import type { ZodType, z } from "zod";
import type { Role } from "../../shared/constants.ts";
import { DEFAULT_LIMIT, isJsonType, readNodeBody } from "../lib/api-body-limit.ts";
import type { Viewer } from "../lib/context.ts";
import { errorAnswer } from "../lib/error-answer.ts";
import { viewerInRole } from "../lib/guards.ts";
import type { Logger } from "../lib/logger.ts";
import { refuseDuringMaintenance } from "../lib/maintenance.ts";
import { logRequest, requestIdFrom } from "../lib/request-log.ts";
import type { BodyLimitPolicy } from "../lib/route-policy.ts";
import { securityHeaders } from "../lib/security-headers.ts";
import { originCheck } from "../lib/trusted-origins.ts";
import { validationError } from "../lib/validate.ts";

/**
 * A route answered straight from Node's request, without Hono (decision 053): the answer save,
 * the one request a student sends every few seconds through a whole exam. Its Hono route stays
 * (the typed client, app.fetch in tests, any request this path does not claim); both call the
 * same handler with the same schemas, and `direct-routes.api.test.ts` holds their answers equal.
 *
 * A direct route is a JSON POST to an /api path that is open to `roles`, closed during
 * maintenance and holds its body to `bodyLimit` (the API default when it declares none).
 */
export type DirectRoute<Params = unknown, Body = unknown> = {
  /** The path's raw params when the path (without its query) is this route's, else null. */
  match: (path: string) => Record<string, string> | null;
  params: ZodType<Params>;
  body: ZodType<Body>;
  roles: readonly Role[];
  bodyLimit?: BodyLimitPolicy;
  handle: (input: { viewer: Viewer; params: Params; body: Body }) => Promise<unknown>;
};

/** A route with its params' and body's types inferred from its schemas. */
export function directRoute<P extends ZodType, B extends ZodType>(
  route: DirectRoute<z.output<P>, z.output<B>> & { params: P; body: B },
): DirectRoute {
  return route as unknown as DirectRoute;
}

export type DirectRoutesDeps = {
  routes: DirectRoute[];
  logger: Logger;
  trustedOrigins: readonly string[];
  resolveViewer: (cookieHeader: string | undefined) => Promise<Viewer | null>;
  isMaintenanceOn: () => Promise<boolean>;
  /** The options the app's securityHeaders() was made with: the same headers go out here. */
  securityHeaders: Parameters<typeof securityHeaders>[0];
};

/** Answers over this many bytes are compressed, as the app's compress() does (its threshold). */
const COMPRESS_THRESHOLD = 1024;
const compressors = { gzip: promisify(gzip), deflate: promisify(deflate) };

/**
 * Node's request listener for the direct routes: returns false for a request none of them claims
 * (another path or method, or a body that is not JSON), which then goes to Hono untouched.
 * The checks run in the order the app's middleware runs them (trusted origin, body limit, viewer,
 * maintenance, role, params, body), each through the function that middleware uses, and errors
 * become answers through the app's one mapping (`errorAnswer`).
 */
export function createDirectRoutes(deps: DirectRoutesDeps) {
  const checkOrigin = originCheck(deps.trustedOrigins);
  let baseHeaders: Promise<Record<string, string>> | undefined;
  const headersOnce = () => {
    baseHeaders ??= apiHeaders(deps.securityHeaders);
    return baseHeaders;
  };
  // Made before the first request arrives, so no save waits for them.
  void headersOnce();

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "POST" || !isJsonType(req.headers["content-type"])) return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (!path.startsWith("/api/")) return false;
    for (const route of deps.routes) {
      const params = route.match(path);
      if (params) {
        serveDirect(route, params, path, req, res).catch((error: unknown) => {
          deps.logger.error("direct route failed", { path, error: String(error) });
          if (!res.headersSent) res.destroy();
        });
        return true;
      }
    }
    return false;
  };

  async function serveDirect(
    route: DirectRoute,
    rawParams: Record<string, string>,
    path: string,
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    const started = performance.now();
    const requestId = requestIdFrom(header(req, "x-request-id"));
    let status: number;
    let text: string;
    let retryAfterSeconds: number | undefined;
    try {
      checkOrigin("POST", header(req, "origin"), header(req, "sec-fetch-site"));
      const bytes = await readNodeBody(req, route.bodyLimit ?? DEFAULT_LIMIT);
      const viewer = await deps.resolveViewer(header(req, "cookie"));
      await refuseDuringMaintenance(viewer, deps.isMaintenanceOn);
      const taker = viewerInRole(viewer, route.roles);
      const params = route.params.safeParse(decodeParams(rawParams));
      if (!params.success) throw validationError("param", params.error.issues);
      const body = route.body.safeParse(parseJson(bytes));
      if (!body.success) throw validationError("json", body.error.issues);
      text = JSON.stringify(
        await route.handle({ viewer: taker, params: params.data, body: body.data }),
      );
      status = 200;
    } catch (error) {
      const answer = errorAnswer(error, { logger: deps.logger, requestId });
      status = answer.status;
      text = JSON.stringify(answer.body);
      retryAfterSeconds = answer.retryAfterSeconds;
    }
    try {
      const headers: Record<string, string> = {
        ...(await headersOnce()),
        "x-request-id": requestId,
        "content-type": "application/json",
      };
      if (retryAfterSeconds !== undefined) headers["retry-after"] = String(retryAfterSeconds);
      let body: string | Buffer = text;
      let length = Buffer.byteLength(text);
      if (length >= COMPRESS_THRESHOLD) {
        headers.vary = "Accept-Encoding";
        const encoding = chooseEncoding(header(req, "accept-encoding"));
        if (encoding) {
          body = await compressors[encoding](text);
          length = body.byteLength;
          headers["content-encoding"] = encoding;
        }
      }
      headers["content-length"] = String(length);
      res.writeHead(status, headers);
      res.end(body);
    } catch (error) {
      // The client went away, or the socket failed: nothing left to answer.
      deps.logger.warn("direct answer failed", { requestId, error: String(error) });
      if (!res.headersSent) res.destroy();
    }
    logRequest(deps.logger, { method: "POST", path, status, requestId }, started);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Path params decoded as Hono decodes them; one that does not decode stays as it came. */
function decodeParams(raw: Record<string, string>) {
  const decoded: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    try {
      decoded[key] = decodeURIComponent(value);
    } catch {
      decoded[key] = value;
    }
  }
  return decoded;
}

/** The body as Hono's JSON validator reads it: UTF-8 without a BOM; malformed is a 400. */
function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new HTTPException(400, { message: "Malformed JSON in request body" });
  }
}

/** gzip or deflate as compress() chooses: the first with q=1, else the highest q above 0. */
function chooseEncoding(accepted: string | undefined): "gzip" | "deflate" | undefined {
  if (accepted === undefined) return undefined;
  const accepts = parseAccept(accepted);
  const wildcard = accepts.find((a) => a.type === "*")?.q;
  let best: { encoding: "gzip" | "deflate"; q: number } | undefined;
  for (const encoding of ["gzip", "deflate"] as const) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * The headers every API answer carries before its own: the app's security headers, taken from
 * its securityHeaders() middleware itself (not a copy of its list), and no-store.
 */
async function apiHeaders(options: DirectRoutesDeps["securityHeaders"]) {
  const probe = new Hono().use("*", securityHeaders(options)).post("*", (c) => c.body(null));
  const answer = await probe.request("/api/", { method: "POST" });
  const headers: Record<string, string> = {};
  for (const [name, value] of answer.headers) {
    if (name !== "content-type" && name !== "content-length") headers[name] = value;
  }
  headers["cache-control"] = "no-store";
  return headers;
}

/** The direct routes' listener of each app, for `serveApp`. */
const listeners = new WeakMap<object, ReturnType<typeof createDirectRoutes>>();

export function attachDirectRoutes(app: object, listener: ReturnType<typeof createDirectRoutes>) {
  listeners.set(app, listener);
}

type ServeOptions = Parameters<typeof serve>[0];

/**
 * @hono/node-server's options for serving `app` on plain HTTP, its direct routes first: every
 * server of the app (index.ts, the tests' listen()) is made with these.
 */
export function serveOptions(
  app: { fetch: ServeOptions["fetch"] },
  options: { port: number; hostname: string },
): ServeOptions {
  const direct = listeners.get(app);
  if (!direct) return { ...options, fetch: app.fetch };
  const withDirect = (
    serverOptions: object,
    listener: (req: IncomingMessage, res: ServerResponse) => void,
  ) =>
    createServer(serverOptions, (req, res) => {
      if (!direct(req, res)) listener(req, res);
    });
  return { ...options, fetch: app.fetch, createServer: withDirect as typeof createServer };
}
