// Latency figures shared by the benchmarks: per-operation samples, percentiles, one line each.

/** The p-th percentile (nearest rank) of a list of milliseconds. */
export function pct(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export type OpStats = { name: string; ms: number[]; errors: number };

export class LatencyStats {
  private readonly ops = new Map<string, OpStats>();

  record(name: string, ms: number, ok: boolean): void {
    const s = this.ops.get(name) ?? { name, ms: [], errors: 0 };
    s.ms.push(ms);
    if (!ok) s.errors += 1;
    this.ops.set(name, s);
  }

  get(name: string): OpStats | undefined {
    return this.ops.get(name);
  }

  all(): OpStats[] {
    return [...this.ops.values()];
  }

  clear(): void {
    this.ops.clear();
  }

  /** One line per operation: count, rate over `seconds`, p50/p95/p99, errors. */
  lines(seconds: number): string[] {
    return this.all().map(
      (s) =>
        `${s.name.padEnd(7)} ${String(s.ms.length).padStart(7)} req  ${(s.ms.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${pct(s.ms, 50).toFixed(1)} ms  p95 ${pct(s.ms, 95).toFixed(1)} ms  p99 ${pct(s.ms, 99).toFixed(1)} ms  errors ${s.errors}`,
    );
  }
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export const cookieOf = (r: Response) =>
  r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `work` over `items` with at most `size` at once; returns how many threw. */
export async function pool<T>(
  items: T[],
  size: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        try {
          await work(items[index] as T, index);
        } catch (error) {
          failures += 1;
          if (failures <= 5) console.error(String(error));
        }
      }
    }),
  );
  return failures;
}

/**
 * Runs `run` 20 times to warm up, then `runs` times, prints one line of p50/p95 against
 * `goalMs`, and returns the p95.
 */
export async function measureAgainstGoal(
  label: string,
  run: () => Promise<unknown>,
  options: { runs: number; goalMs: number },
): Promise<number> {
  for (let i = 0; i < 20; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < options.runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const p95 = pct(times, 95);
  console.log(
    `${label.padEnd(30)} p50 ${pct(times, 50).toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  ${p95 < options.goalMs ? "ok" : `OVER ${options.goalMs} ms`}`,
  );
  return p95;
}
