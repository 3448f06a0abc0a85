// The built app on a fresh demo database, for the page benches (bench:page, bench:lighthouse):
// `npm start`'s server on a free port of 127.0.0.1, in a data folder of its own, removed by stop().
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/lib/free-port.mjs";

/** Starts the server and waits for its health check (at most 60 s). */
export async function startDemoServer(prefix) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  const stop = async () => {
    server.kill("SIGTERM");
    if (server.exitCode === null) await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error("the app did not start");
}
