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
 * The browsers' push services (Chrome and Android, Firefox, Edge, Safari): in production the
 * server posts to these only, on https's own port, so a registered "endpoint" can never make it
 * call an internal host (a name that resolves to a private address, a cloud metadata service, a
 * trailing-dot loopback, another port).
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
];

/**
 * Whether the server may POST to a browser's push endpoint. The server sends to whatever address
 * a signed-in browser registered, so in production it must be a known push service over https.
 * With `allowHttpLoopback` (development and tests: the local stand-in push service) any https
 * host is taken, and plain http on a loopback address.
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
  if (allowHttpLoopback) return true;
  if (url.port !== "" || LOOPBACK.has(url.hostname) || isPrivateAddress(url.hostname)) return false;
  return PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
}
