// App instances for the benchmarks: `tsx src/server/index.ts` as child processes on free
// loopback ports, all on one PostgreSQL database and one SECRET_KEY (a cookie from one instance
// is valid on the others, as behind a load balancer).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/lib/free-port.mjs";
import { sleep } from "./stats.ts";

export class AppInstance {
  child: ChildProcess | null = null;
  restarts = 0;
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), "bench-instance-"));
  /** The instance's stderr (errors only), kept after the run. */
  readonly logFile = path.join(
    tmpdir(),
    `bench-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.log`,
  );

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits (bounded) until /api/health answers. */
  async start(timeoutMs = 60_000): Promise<void> {
    const log = openSync(this.logFile, "a");
    // BENCH_PROFILE=1: each instance writes a V8 CPU profile to .reports/profile/ when it stops.
    const profile =
      process.env.BENCH_PROFILE === "1" ? ["--cpu-prof", "--cpu-prof-dir=.reports/profile"] : [];
    const child = spawn(process.execPath, [...profile, "--import", "tsx", "src/server/index.ts"], {
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        SEED_DEMO: "false",
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "error",
        LOG_FORMAT: "json",
      },
      stdio: ["ignore", "ignore", log],
    });
    closeSync(log);
    this.child = child;
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode}`);
      const up = await fetch(`${this.base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await sleep(100);
    }
    throw new Error(`${this.name} did not start within ${timeoutMs} ms`);
  }

  /** SIGKILL: no shutdown, in-flight requests die with the process. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
  }

  async restart(): Promise<void> {
    this.restarts += 1;
    await this.start();
  }

  /** SIGTERM (graceful), then SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Synchronous last resort (process exit): no waiting. */
  killNow(): void {
    if (this.child && this.child.exitCode === null) this.child.kill("SIGKILL");
  }
}

/** `count` instances on free ports sharing `databaseUrl`, each trusting the others' origins. */
export async function createInstances(
  count: number,
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<AppInstance[]> {
  const ports: number[] = [];
  for (let i = 0; i < count; i += 1) ports.push((await freePort()) as number);
  const origins = ports.map((p) => `http://127.0.0.1:${p}`);
  const secret = randomBytes(32).toString("hex");
  return ports.map(
    (port, i) =>
      new AppInstance(`instance ${String.fromCharCode(65 + i)}`, port, {
        DATABASE_URL: databaseUrl,
        SECRET_KEY: secret,
        PUBLIC_URL: origins[i] as string,
        TRUSTED_ORIGINS: origins.join(","),
        AUTH_RATE_LIMIT_MAX: "1000000",
        ...extraEnv,
      }),
  );
}
