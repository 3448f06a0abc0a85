import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import webpush from "web-push";
import { dataPaths } from "../../lib/data-dir.ts";

/** The VAPID key pair push messages are signed with (base64url, as browsers take the public key). */
export type VapidKeys = { publicKey: string; privateKey: string };
/** Everything the sender needs to sign: the pair and the contact a push service may use. */
export type VapidDetails = VapidKeys & { subject: string };

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured, else a pair generated once into
 * DATA_DIR/vapid-keys.json, as SECRET_KEY falls back to DATA_DIR/secret-key: `npm start` works
 * with nothing set, and several instances must set the pair (lib/deployment-checks.ts warns).
 */
export function readOrCreateVapidKeys(dataDir: string, configured: Partial<VapidKeys>): VapidKeys {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  const file = dataPaths(dataDir).vapidKeys;
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as VapidKeys;
    if (stored.publicKey && stored.privateKey) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** VAPID_SUBJECT, else the public address when it is https, else the sender address of MAIL_FROM. */
export function vapidSubject(input: {
  configured?: string;
  publicUrl: string;
  mailFrom: string;
}): string {
  if (input.configured) return input.configured;
  if (input.publicUrl.startsWith("https://")) return new URL(input.publicUrl).origin;
  const address = /<([^>]+)>/.exec(input.mailFrom)?.[1] ?? input.mailFrom.trim();
  return `mailto:${address}`;
}
