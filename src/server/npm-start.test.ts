import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { readOwner } from "./lib/data-dir.ts";

// Bounds for a busy 2-core machine; each wait ends as soon as its condition holds.
const START_MS = 120_000;
const STOP_MS = 30_000;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "npm-start-"));
let npm: ChildProcess | undefined;
let serverPid: number | undefined;

afterAll(() => {
  // Whatever happened, leave no server behind (only the processes this test started).
  if (npm?.pid && isAlive(npm.pid)) npm.kill("SIGKILL");
  if (serverPid && isAlive(serverPid)) process.kill(serverPid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it(
    "seeds a new data folder, takes no TEST_CLOCK outside a test run, and stops the server when npm gets SIGTERM (as from a process manager)",
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let output = "";
      // --ignore-scripts skips only `prestart` (the client build), which this test does not need.
      // NODE_ENV is unset as under a plain `npm start` (vitest sets it to test), and a stray
      // TEST_CLOCK=1 must not give this server a movable clock (decision 049).
      const { NODE_ENV: _testRun, ...environment } = process.env;
      npm = spawn("npm", ["start", "--ignore-scripts"], {
        env: {
          ...environment,
          TEST_CLOCK: "1",
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_URL: base,
          DATA_DIR: dataDir,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      npm.stdout?.on("data", (chunk) => (output += chunk));
      npm.stderr?.on("data", (chunk) => (output += chunk));
      const npmExited = new Promise<void>((resolve) => npm?.once("exit", () => resolve()));

      const health = () =>
        fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      expect(await until(health, START_MS), output).toBe(true);
      serverPid = readOwner(dataDir)?.pid;
      expect(serverPid, "the server records its pid in DATA_DIR/owner.json").toBeTypeOf("number");
      expect(serverPid).not.toBe(npm.pid);

      // Demo content arrived with the new database.
      const mocks = (await (await fetch(`${base}/api/home/mock-tests`)).json()) as unknown[];
      expect(mocks.length).toBeGreaterThan(0);
      // No clock route: it is not mounted at all (mounted, a visitor would get 401).
      const clock = await fetch(`${base}/api/test/clock`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json" },
        body: JSON.stringify({ offsetMs: 3_600_000 }),
      });
      expect(clock.status).toBe(404);
      expect(output).not.toContain("TEST_CLOCK is on");

      npm.kill("SIGTERM");
      const stopped = await until(() => !isAlive(serverPid ?? 0), STOP_MS);
      expect(stopped, `server pid ${serverPid} still running after npm got SIGTERM`).toBe(true);
      await npmExited;
      expect(await health()).toBe(false);
      expect(output).toContain("shutting down");
      // A clean start and stop logs no error (a sweeper round cut off by the pool closing did).
      expect(output).not.toContain('"level":"error"');
    },
    START_MS + STOP_MS + 10_000,
  );
});
