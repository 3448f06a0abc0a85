import { createMiddleware } from "hono/factory";
import { CLIENT_IP_HEADER } from "../auth/auth.ts";
import type { AppEnv } from "./context.ts";

/**
 * Sets the one header better-auth reads for rate limiting, from the socket (or, behind a trusted
 * proxy, from X-Forwarded-For), overwriting anything the client sent so the limit cannot be
 * dodged by spoofing.
 */
export function clientIp(options: { trustProxy: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const headers = c.req.raw.headers;
    headers.delete(CLIENT_IP_HEADER);
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    const socketIp = c.env?.incoming?.socket.remoteAddress;
    const ip = options.trustProxy && forwarded ? forwarded : socketIp;
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    await next();
  });
}
