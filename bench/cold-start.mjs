// Time from `node` starting the server to /api/health answering, on a new and on an existing
// embedded data folder. Usage: node bench/cold-start.mjs [runs=3]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../scripts/lib/free-port.mjs";

const runs = Number(process.argv[2] ?? 3);
const port = await freePort();

async function startOnce(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 120_000) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - started;
  child.kill("SIGTERM");
  await new Promise((r) => child.on("exit", r));
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fresh = [];
const existing = [];
for (let i = 0; i < runs; i += 1) {
  const dir = mkdtempSync(path.join(tmpdir(), "cold-start-"));
  fresh.push(await startOnce(dir));
  existing.push(await startOnce(dir));
  rmSync(dir, { recursive: true, force: true });
}
const fmt = (xs) =>
  `median ${Math.round(median(xs))} ms (runs: ${xs.map((x) => Math.round(x)).join(", ")})`;
console.log(`new data folder (migrate + seed): ${fmt(fresh)}`);
console.log(`existing data folder:             ${fmt(existing)}`);
