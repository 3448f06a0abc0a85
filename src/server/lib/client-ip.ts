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
    // The trusted proxy appends the address it saw: the rightmost entry. Anything to its left
    // came from the client and could be made up to dodge the limit.
    const forwarded = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    const socketIp = c.env?.incoming?.socket.remoteAddress;
    const ip = options.trustProxy && forwarded ? forwarded : socketIp;
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    await next();
  });
}
