import { isIP } from "node:net";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** IPv4 and IPv6 literals of private, link-local and loopback networks. */
function isPrivateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare) === 4) {
    const [a = 0, b = 0] = bare.split(".").map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(bare) === 6) {
    const v6 = bare.toLowerCase();
    return (
      v6 === "::1" ||
      v6 === "::" ||
      /^f[cd]/.test(v6) ||
      /^fe[89ab]/.test(v6) ||
      v6.startsWith("::ffff:")
    );
  }
  return false;
}

/**
 * Whether the server may POST to a browser's push endpoint. The server sends to whatever address
 * a signed-in browser registered, so the address must look like a push service: https on a
 * public host name. Plain http is taken only on a loopback address and only when
 * `allowHttpLoopback` (development and tests: the local stand-in push service).
 */
export function isAllowedPushEndpoint(endpoint: string, allowHttpLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "http:") return allowHttpLoopback && LOOPBACK.has(url.hostname);
  if (url.protocol !== "https:") return false;
  if (LOOPBACK.has(url.hostname) || isPrivateAddress(url.hostname)) return allowHttpLoopback;
  return true;
}
