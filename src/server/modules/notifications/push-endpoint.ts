import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";

/**
 * Where the server may POST a push message (decision 044, "Endpoints"). The server sends to
 * whatever address a signed-in browser registered, so a registered "endpoint" must never make
 * it call an internal host: only the browsers' push services over https on port 443, and with
 * `PUSH_ALLOW_HTTP_LOOPBACK=true` (tests, the e2e server: a local stand-in push service) also a
 * loopback address. The name is checked when registering and again when sending, where every
 * address it resolves to must be public and the connection goes to the address checked.
 */

/** The browsers' push services (Chrome and Android, Firefox, Edge, Safari). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^([a-z0-9-]+\.)*push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
];

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1"]);

/** The 8 groups of an IPv6 address (a dotted IPv4 tail is folded in), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split("%")[0] ?? "";
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split(".").map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail, extra] = text.split("::");
  if (extra !== undefined) return null;
  const part = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const fill = 8 - front.length - back.length;
  if (tail === undefined ? fill !== 0 : fill < 1) return null;
  const groups = [...front, ...Array<number>(fill).fill(0), ...back];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function ipv4Octets(address: string): number[] {
  return address.split(".").map(Number);
}

/** Loopback: 127.0.0.0/8 and ::1 (and IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string): boolean {
  if (isIP(address) === 4) return ipv4Octets(address)[0] === 127;
  const g = ipv6Groups(address);
  if (!g) return false;
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true;
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  return mapped && (g[6] ?? 0) >> 8 === 127;
}

/**
 * Whether an address is one a public service may have: not loopback, private (10/8, 172.16/12,
 * 192.168/16, fc00::/7), shared (100.64/10), link-local (169.254/16, fe80::/10), unspecified,
 * multicast, documentation, benchmarking or reserved; an IPv6 address that carries an IPv4 one
 * (mapped, compatible, NAT64, 6to4, Teredo) is refused rather than unpacked.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0, c = 0] = ipv4Octets(address);
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 0 && (c === 0 || c === 2)) ||
      (a === 192 && b === 88 && c === 99) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      (a === 198 && b === 51 && c === 100) ||
      (a === 203 && b === 0 && c === 113)
    );
  }
  if (isIP(address) !== 6) return false;
  const g = ipv6Groups(address);
  if (!g) return false;
  const [g0 = 0, g1 = 0] = g;
  // Global unicast is 2000::/3; everything else (::/8 with its mapped and compatible forms,
  // 64:ff9b::/96, 100::/64, fc00::/7, fe80::/10, ff00::/8) is not a push service's.
  if (g0 < 0x2000 || g0 > 0x3fff) return false;
  if (g0 === 0x2001 && (g1 === 0 || g1 === 0xdb8)) return false; // Teredo, documentation
  if (g0 === 0x2002) return false; // 6to4
  if (g0 === 0x3fff && g1 <= 0x0fff) return false; // documentation (3fff::/20)
  return true;
}

export type PushAddress = { address: string; family: number };
/** Every address a name resolves to; tests pass a stub. */
export type PushLookup = (hostname: string) => Promise<PushAddress[]>;

export const systemPushLookup: PushLookup = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** Refusal reasons, for the log only: every refusal looks the same to the student. */
export type PushRefusal = "endpoint" | "address" | "lookup";

export type PushTargetCheck =
  | { ok: true; url: URL; address: PushAddress }
  | { ok: false; reason: PushRefusal };

/**
 * The URL rule alone (no lookup): https at a browser push service on port 443, no credentials;
 * with `allowHttpLoopback`, also http or https on a loopback name, any port.
 */
export function isAllowedPushEndpoint(endpoint: string, allowHttpLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (allowHttpLoopback && (LOOPBACK_NAMES.has(host) || (isIP(host) && isLoopbackAddress(host)))) {
    return url.protocol === "http:" || url.protocol === "https:";
  }
  if (url.protocol !== "https:" || url.port !== "") return false;
  if (isIP(host)) return false;
  return PUSH_SERVICE_HOSTS.some((pattern) => pattern.test(host));
}

/**
 * The URL rule, then where the name leads: every address must be public (or, for a loopback
 * name under `allowHttpLoopback`, loopback). Answers the address to connect to, so a name that
 * resolves differently a moment later (DNS rebinding) cannot move the connection.
 */
export async function checkPushTarget(
  endpoint: string,
  options: { allowHttpLoopback: boolean; lookup: PushLookup },
): Promise<PushTargetCheck> {
  if (!isAllowedPushEndpoint(endpoint, options.allowHttpLoopback)) {
    return { ok: false, reason: "endpoint" };
  }
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const loopbackName = options.allowHttpLoopback && (LOOPBACK_NAMES.has(host) || isIP(host) !== 0);
  let addresses: PushAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await options.lookup(host);
    } catch {
      return { ok: false, reason: "lookup" };
    }
  }
  const allowed = loopbackName ? isLoopbackAddress : isPublicAddress;
  const [first] = addresses;
  if (!first || !addresses.every((a) => allowed(a.address)))
    return { ok: false, reason: "address" };
  return { ok: true, url, address: first };
}
