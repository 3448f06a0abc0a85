import type { Env } from "../env.ts";

type DeploymentEnv = Pick<
  Env,
  "DATABASE_URL" | "SECRET_KEY" | "S3_BUCKET" | "SMTP_URL" | "VAPID_PUBLIC_KEY"
>;

/**
 * What a server on PostgreSQL (the one setup that can run as several instances) should be told
 * at start when a setting that only this instance can see is left to its default: each of these
 * works for one instance and silently misbehaves behind a load balancer (docs/deploy.md).
 */
export function listDeploymentWarnings(env: DeploymentEnv): string[] {
  if (!env.DATABASE_URL) return [];
  const warnings: string[] = [];
  if (!env.SECRET_KEY) {
    warnings.push(
      "SECRET_KEY is not set: this instance signs sessions and seals the payment secrets with the key generated in DATA_DIR/secret-key. Every instance on one database must share the same SECRET_KEY, or sessions fail on the others and payments stop.",
    );
  }
  if (!env.VAPID_PUBLIC_KEY) {
    warnings.push(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: this instance signs push notifications with the key pair generated in DATA_DIR/vapid-keys.json. Browsers subscribe to one key, so every instance must share the same pair (npm run vapid-keys), or push stops for the devices that subscribed on another instance.",
    );
  }
  if (!env.S3_BUCKET) {
    warnings.push(
      "S3_BUCKET is not set: uploaded files are kept on this instance's disk (DATA_DIR/storage), where other instances cannot serve them. Set S3_BUCKET before running more than one instance.",
    );
  }
  if (!env.SMTP_URL) {
    warnings.push(
      "SMTP_URL is not set: verification and password-reset mails are written to DATA_DIR/outbox on this instance, not sent.",
    );
  }
  return warnings;
}
