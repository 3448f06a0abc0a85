import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { claimOwner, readOwner, releaseOwner } from "./data-dir.ts";

describe("ownership of the embedded database", () => {
  it("lets one process claim it, refuses a second while the first lives, and frees it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "owner-"));
    // The test runner's parent stands in for another live process.
    writeFileSync(
      path.join(dir, "owner.json"),
      JSON.stringify({ pid: process.ppid, kind: "server", port: 1 }),
    );
    expect(claimOwner(dir, { pid: process.pid, kind: "cli" })).toBe(false);
    expect(readOwner(dir)?.pid).toBe(process.ppid);
  });

  it("replaces a dead owner's file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "owner-"));
    writeFileSync(
      path.join(dir, "owner.json"),
      JSON.stringify({ pid: 2 ** 22 + 12345, kind: "server" }),
    );
    expect(claimOwner(dir, { pid: process.pid, kind: "cli" })).toBe(true);
    releaseOwner(dir);
    expect(claimOwner(dir, { pid: process.pid, kind: "cli" })).toBe(true);
  });
});
