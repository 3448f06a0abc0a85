import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../../env.ts";
import { readOrCreateVapidKeys, vapidSubject } from "./vapid-keys.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("VAPID keys", () => {
  it("are generated once into DATA_DIR when not configured, and kept", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "upsc-vapid-"));
    dirs.push(dir);
    const first = readOrCreateVapidKeys(dir, {});
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(path.join(dir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    expect(readOrCreateVapidKeys(dir, {})).toEqual(first);
  });

  it("come from the settings when both are set (the file is not used)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "upsc-vapid-"));
    dirs.push(dir);
    const configured = { publicKey: "B".repeat(87), privateKey: "k".repeat(43) };
    expect(readOrCreateVapidKeys(dir, configured)).toEqual(configured);
  });

  it("must be set as a pair, and the subject must be mailto: or https:", () => {
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: "B".repeat(87) })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/,
    );
    expect(() => loadEnv({ VAPID_PRIVATE_KEY: "short" })).toThrow(/VAPID_PRIVATE_KEY must be/);
    expect(() => loadEnv({ VAPID_SUBJECT: "http://example.com" })).toThrow(/VAPID_SUBJECT/);
  });

  it("name a contact: the setting, else an https public address, else MAIL_FROM's address", () => {
    const base = { publicUrl: "http://localhost:3000", mailFrom: "UPSC Prep <team@example.org>" };
    expect(vapidSubject({ ...base, configured: "mailto:ops@example.org" })).toBe(
      "mailto:ops@example.org",
    );
    expect(vapidSubject({ ...base, publicUrl: "https://exams.example.org/app" })).toBe(
      "https://exams.example.org",
    );
    expect(vapidSubject(base)).toBe("mailto:team@example.org");
  });
});
