import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SecretBox = {
  /** `v1:` + base64url(iv | tag | ciphertext). `context` binds it to one column. */
  seal: (plaintext: string, context: string) => string;
  /** Throws if the value was made with another key, for another context, or was altered. */
  open: (sealed: string, context: string) => string;
};

/**
 * AES-256-GCM for secrets stored in the database (payment gateway keys). The key is derived from
 * the server's SECRET_KEY with HKDF, so it never sits next to the data it protects; rotating
 * SECRET_KEY makes every sealed value unreadable (the admin enters the secrets again).
 */
export function createSecretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(
    hkdfSync("sha256", serverSecret, "upsc-prep/secret-box", "payment-gateway-secrets/v1", 32),
  );
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed, context) {
      const [version, payload] = sealed.split(":");
      if (version !== VERSION || !payload) throw new Error("unknown secret format");
      const raw = Buffer.from(payload, "base64url");
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error("secret too short");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}
