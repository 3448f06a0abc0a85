import { describe, expect, it } from "vitest";
import type { Logger } from "../lib/logger.ts";
import { setupTestApp } from "../test/test-app.ts";

const entries: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
const record =
  (level: string) =>
  (msg: string, fields?: Record<string, unknown>): void =>
    void entries.push({ level, msg, fields });
const logger: Logger = {
  debug: record("debug"),
  info: record("info"),
  warn: record("warn"),
  error: record("error"),
  level: "info",
  format: "json",
};

const { t } = setupTestApp({ logger });

describe("better-auth's own log lines", () => {
  it("go through the app's logger, marked as better-auth's", async () => {
    const response = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: { email: "nobody-here@example.com", password: "wrong-password" },
    });
    expect(response.status).toBe(401);
    expect(entries).toContainEqual({
      level: "warn",
      msg: "User not found",
      fields: { source: "better-auth" },
    });
  });
});
