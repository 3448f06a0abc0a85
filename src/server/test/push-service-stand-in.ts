import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import webpush from "web-push";

/**
 * A local stand-in for a browser's push service (decision 044), so the tests send
 * real Web Push requests and nothing reaches a real service. It speaks the protocol a sender
 * sees: an HTTP POST per message to the subscription's endpoint with an aes128gcm body
 * (RFC 8188), `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292), TTL and Urgency
 * (RFC 8030); it answers 201, or 404/410 for a subscription it no longer has. Unlike a real
 * service it also plays the browser: it holds each subscription's private key and auth secret,
 * decrypts the payload (RFC 8291) and checks the JWT's ES256 signature, so a test reads the JSON
 * the service worker would get.
 */

/** One VAPID pair per test process: the app under test signs with it. */
export const testVapidKeys = webpush.generateVAPIDKeys();

export type ReceivedPush = {
  endpoint: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  /** The JWT's claims, after its signature was checked. */
  claims: { aud: string; exp: number; sub: string };
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
};

type Subscription = {
  id: string;
  ecdh: ECDH;
  authSecret: Buffer;
  applicationServerKey: string;
  status: "active" | "gone";
};

const b64u = (buffer: Buffer) => buffer.toString("base64url");

/** An ES256 JWT checked against the uncompressed P-256 public key `k` (base64url). */
function verifyVapidJwt(jwt: string, k: string): ReceivedPush["claims"] {
  const [header, claims, signature, extra] = jwt.split(".");
  if (!header || !claims || !signature || extra !== undefined) throw new Error("malformed JWT");
  const head = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string };
  if (head.alg !== "ES256") throw new Error(`JWT alg ${head.alg}, not ES256`);
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not a P-256 point");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: "jwk",
  });
  const signed = Buffer.from(`${header}.${claims}`);
  const ok = verify(
    "sha256",
    signed,
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("JWT signature does not verify");
  return JSON.parse(Buffer.from(claims, "base64url").toString()) as ReceivedPush["claims"];
}

/** RFC 8291 key derivation and RFC 8188 aes128gcm decoding, as a browser does it. */
function decryptPayload(body: Buffer, subscription: Subscription): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (salt.length !== 16 || idLength !== 65) throw new Error("bad aes128gcm header");
  const receiverKey = subscription.ecdh.getPublicKey();
  const shared = subscription.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, subscription.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
  const baseNonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < ciphertext.length; offset += recordSize, seq += 1) {
    const record = ciphertext.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    // Data, then the delimiter (2 in the last record, 1 before), then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const last = offset + recordSize >= ciphertext.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error("bad record delimiter");
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the stand-in on a free loopback port. */
export async function startPushServiceStandIn() {
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const refused: { endpoint: string; status: number; reason: string }[] = [];
  let origin = "";

  const answer = (response: ServerResponse, status: number, reason = "") => {
    response.writeHead(status, { "content-type": "text/plain" });
    response.end(reason);
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const endpoint = `${origin}${request.url ?? ""}`;
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, status, reason });
      answer(response, status, reason);
    };
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    const body = await readBody(request);
    if (request.method !== "POST") return refuse(405, "POST only");
    if (!subscription) return refuse(404, "no such subscription");
    if (subscription.status === "gone") return refuse(410, "subscription expired");
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "TTL header missing");
    const urgency = String(request.headers.urgency ?? "normal");
    if (!["very-low", "low", "normal", "high"].includes(urgency)) {
      return refuse(400, "bad Urgency");
    }
    if (request.headers["content-encoding"] !== "aes128gcm") {
      return refuse(415, "aes128gcm only");
    }
    const auth = /^vapid t=([\w.-]+), ?k=([\w-]+)$/.exec(request.headers.authorization ?? "");
    if (!auth?.[1] || !auth[2]) return refuse(401, "VAPID Authorization missing");
    if (auth[2] !== subscription.applicationServerKey) {
      return refuse(403, "k is not the key this subscription was made with");
    }
    let claims: ReceivedPush["claims"];
    try {
      claims = verifyVapidJwt(auth[1], auth[2]);
    } catch (error) {
      return refuse(401, String(error));
    }
    const nowSeconds = Math.floor(Date.now() / 1000);
    if (claims.aud !== origin) return refuse(403, `aud ${claims.aud} is not ${origin}`);
    if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 86_400)) {
      return refuse(403, "exp not within 24 hours");
    }
    if (!/^(mailto:|https:)/.test(claims.sub ?? "")) return refuse(403, "sub not mailto/https");
    let payload: unknown;
    try {
      payload = JSON.parse(decryptPayload(body, subscription).toString("utf8"));
    } catch (error) {
      return refuse(400, `cannot decrypt: ${String(error)}`);
    }
    received.push({
      endpoint,
      ttl,
      urgency,
      topic: typeof request.headers.topic === "string" ? request.headers.topic : null,
      claims,
      payload,
    });
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}` });
    response.end();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => answer(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    /**
     * What `pushManager.subscribe({ applicationServerKey })` gives a page: a new endpoint here,
     * a fresh P-256 key pair and a 16-byte auth secret, as `PushSubscription.toJSON()`.
     */
    subscribe(applicationServerKey: string) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const entry: Subscription = {
        id: randomUUID(),
        ecdh,
        authSecret: randomBytes(16),
        applicationServerKey,
        status: "active",
      };
      subscriptions.set(entry.id, entry);
      return {
        endpoint: `${origin}/push/${entry.id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(entry.authSecret) },
      };
    },
    /** The browser unsubscribed or the service expired it: later pushes get 410 Gone. */
    expire(endpoint: string) {
      const entry = subscriptions.get(endpoint.split("/").pop() ?? "");
      if (entry) entry.status = "gone";
    },
    /** Messages delivered to one endpoint, their payloads decrypted. */
    messagesFor(endpoint: string) {
      return received.filter((m) => m.endpoint === endpoint);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushServiceStandIn = Awaited<ReturnType<typeof startPushServiceStandIn>>;
