import { describe, expect, it } from "vitest";
import { listDeploymentWarnings } from "./deployment-checks.ts";

const complete = {
  DATABASE_URL: "postgres://app@db.internal:5432/upsc",
  SECRET_KEY: "x".repeat(40),
  S3_BUCKET: "upsc-uploads",
  SMTP_URL: "smtp://mailer:secret@smtp.example.com:587",
  VAPID_PUBLIC_KEY: "B".repeat(87),
};

describe("deployment warnings", () => {
  it("says nothing on the embedded database (one process by design)", () => {
    expect(
      listDeploymentWarnings({
        ...complete,
        DATABASE_URL: undefined,
        SECRET_KEY: undefined,
        S3_BUCKET: undefined,
        SMTP_URL: undefined,
        VAPID_PUBLIC_KEY: undefined,
      }),
    ).toEqual([]);
  });

  it("says nothing on PostgreSQL when the shared settings are all set", () => {
    expect(listDeploymentWarnings(complete)).toEqual([]);
  });

  it("names each per-instance default on PostgreSQL", () => {
    const warnings = listDeploymentWarnings({
      DATABASE_URL: complete.DATABASE_URL,
      SECRET_KEY: undefined,
      S3_BUCKET: undefined,
      SMTP_URL: undefined,
      VAPID_PUBLIC_KEY: undefined,
    });
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toMatch(/^SECRET_KEY is not set: .*must share the same SECRET_KEY/);
    expect(warnings[1]).toMatch(
      /^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: .*share the same pair/,
    );
    expect(warnings[2]).toMatch(/^S3_BUCKET is not set: .*other instances cannot serve them/);
    expect(warnings[3]).toMatch(/^SMTP_URL is not set: .*not sent\.$/);
  });
});
