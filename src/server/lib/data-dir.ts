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
    serverInfo: path.join(dataDir, "server.json"),
  };
}

export function isNewEmbeddedDatabase(dataDir: string): boolean {
  return !existsSync(path.join(dataPaths(dataDir).database, "PG_VERSION"));
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

export type ServerInfo = { pid: number; port: number; token: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The running server holding the embedded database, if any (stale files are ignored). */
export function readRunningServer(dataDir: string): ServerInfo | null {
  const file = dataPaths(dataDir).serverInfo;
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, "utf8")) as ServerInfo;
    return isAlive(info.pid) && info.pid !== process.pid ? info : null;
  } catch {
    return null;
  }
}

export function writeServerInfo(dataDir: string, info: ServerInfo): void {
  writeFileSync(dataPaths(dataDir).serverInfo, JSON.stringify(info), { mode: 0o600 });
}

export function removeServerInfo(dataDir: string): void {
  rmSync(dataPaths(dataDir).serverInfo, { force: true });
}
