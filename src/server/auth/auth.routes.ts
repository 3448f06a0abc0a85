import { Hono } from "hono";
import type { AppEnv } from "../lib/context.ts";
import type { Auth } from "./auth.ts";

/**
 * Mounts better-auth under /api/auth and rewrites its error bodies into the app's single error
 * shape, so the client reads every failure the same way.
 */
export function createAuthRoutes(auth: Auth) {
  return new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
    const response = await auth.handler(c.req.raw);
    if (response.ok || !response.headers.get("content-type")?.includes("application/json")) {
      return response;
    }
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    const code =
      response.status === 429 ? "RATE_LIMITED" : (body.code ?? `HTTP_${response.status}`);
    const message =
      response.status === 429
        ? "Too many attempts. Please wait a minute and try again."
        : (body.message ?? "Request failed.");
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify({ error: { code, message } }), {
      status: response.status,
      headers,
    });
  });
}
