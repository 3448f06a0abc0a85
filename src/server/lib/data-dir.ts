import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where the embedded database, files, mail outbox and local secrets live. */
export function dataPaths(dataDir: string) {
  return {
    root: dataDir,
    database: path.join(dataDir, "db"),
    storage: path.join(dataDir, "storage"),
    outbox: path.join(dataDir, "outbox"),
    secretKey: path.join(dataDir, "secret-key"),
    vapidKeys: path.join(dataDir, "vapid-keys.json"),
    owner: path.join(dataDir, "owner.json"),
  };
}

/** SECRET_KEY if configured, else a random key created once in the data folder. */
export function readOrCreateSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = dataPaths(dataDir).secretKey;
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Who holds the embedded database: PGlite is single-process, so the server and the CLIs take
 * turns through DATA_DIR/owner.json. A server fills in `port` once it listens; until then (while
 * it migrates and seeds) it is "starting".
 */
export type Owner = { pid: number; kind: "server" | "cli"; port?: number; token?: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live process holding the embedded database, if any (a dead owner's file is ignored). */
export function readOwner(dataDir: string): Owner | null {
  const file = dataPaths(dataDir).owner;
  if (!existsSync(file)) return null;
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Owner;
    return owner.pid !== process.pid && isAlive(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

export function writeOwner(dataDir: string, owner: Owner): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(dataPaths(dataDir).owner, JSON.stringify(owner), { mode: 0o600 });
}

/**
 * Takes ownership atomically (the file is created only if absent), replacing a dead owner's file.
 * Returns false when a live process holds the database.
 */
export function claimOwner(dataDir: string, owner: Owner): boolean {
  mkdirSync(dataDir, { recursive: true });
  const file = dataPaths(dataDir).owner;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(owner), { mode: 0o600, flag: "wx" });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (readOwner(dataDir)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

/** Removes the owner file if it is ours. */
export function releaseOwner(dataDir: string): void {
  const file = dataPaths(dataDir).owner;
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Owner;
    if (owner.pid === process.pid) rmSync(file, { force: true });
  } catch {
    // nothing to release
  }
}

/** Polls until `check` returns a value or the time is up. */
export async function waitFor<T>(check: () => T | null, timeoutMs: number): Promise<T | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== null || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
