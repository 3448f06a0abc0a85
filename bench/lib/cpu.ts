// CPU time by process, read from /proc (Linux), so a bench can say where a request's cost lands:
// the app server, PostgreSQL (every `postgres` process, its background writers included) or the
// bench's own client. On a machine without /proc the readings are null and nothing is printed.
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (100 on Linux x86-64). */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or null. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}
const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/** utime + stime of one process in ms, or null when it cannot be read. */
function processCpuMs(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? ms(Number(fields[11]) + Number(fields[12])) : null;
}

/**
 * The CPU ms of PostgreSQL on this machine, or null without /proc: every live `postgres`
 * process, plus what the postmaster has collected from the backends that have exited (a pool
 * closing idle connections mid-phase would otherwise take their time with them).
 */
function postgresCpuMs(): number | null {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const postgres = new Set(
    pids.filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
      } catch {
        return false;
      }
    }),
  );
  let total = 0;
  for (const pid of postgres) {
    const fields = statFields(pid);
    if (!fields) continue;
    total += ms(Number(fields[11]) + Number(fields[12]));
    // The postmaster (its parent is not postgres): the exited backends it has waited for.
    if (!postgres.has(fields[1] ?? "")) total += ms(Number(fields[13]) + Number(fields[14]));
  }
  return total;
}

export type CpuReading = { server: number | null; postgres: number | null; client: number };

/** "server 412 s, postgres 180 s, client 301 s" of CPU (server/postgres only if read). */
export function cpuSeconds(total: CpuReading) {
  const part = (name: string, ms: number | null) =>
    ms === null ? [] : [`${name} ${(ms / 1000).toFixed(0)} s`];
  return [
    ...part("servers", total.server),
    ...part("postgres", total.postgres),
    ...part("client", total.client),
  ].join(", ");
}

/**
 * A reading of the server process (or the sum of several), PostgreSQL and this process (the
 * client), in CPU ms.
 */
export function readCpu(serverPids: number | undefined | (number | undefined)[]): CpuReading {
  const own = process.cpuUsage();
  const pids = Array.isArray(serverPids) ? serverPids : [serverPids];
  let server: number | null = 0;
  for (const pid of pids) {
    const ms = pid === undefined ? null : processCpuMs(pid);
    server = server === null || ms === null ? null : server + ms;
  }
  return {
    server,
    postgres: postgresCpuMs(),
    client: (own.user + own.system) / 1000,
  };
}

/** Adds the CPU spent between two readings to `into` (null stays null). */
export function addCpu(into: CpuReading, before: CpuReading, after: CpuReading) {
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
  const plus = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
  into.server = plus(into.server, diff(before.server, after.server));
  into.postgres = plus(into.postgres, diff(before.postgres, after.postgres));
  into.client += after.client - before.client;
}

/** "server 0.91 ms, postgres 0.62 ms, client 0.30 ms per request" (server/postgres if read). */
export function cpuPerRequest(total: CpuReading, requests: number) {
  const part = (name: string, ms: number | null) =>
    ms === null ? [] : [`${name} ${(ms / requests).toFixed(2)} ms`];
  return [
    ...part("server", total.server),
    ...part("postgres", total.postgres),
    ...part("client", total.client),
  ].join(", ");
}
