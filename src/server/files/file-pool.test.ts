import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it, vi } from "vitest";
import { FILE_CHECK_MESSAGES } from "../../shared/uploads.ts";
import { AppError } from "../lib/app-error.ts";
import { objectStreamBomb } from "../test/pdf-bomb.ts";
import { makeImage } from "../test/upload.ts";
import { createFilePool, type FilePoolOptions } from "./file-pool.ts";

// The pool's own timers are handed to the test: a time limit is reached by firing it, never by
// waiting for it. The workers are real (file-worker.mjs, loading TypeScript through tsx).

const TIME_LIMIT_MS = 10_000;

function poolWithTimers(options: Partial<FilePoolOptions> = {}) {
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const pool = createFilePool({
    workers: 1,
    timeoutMs: TIME_LIMIT_MS,
    memoryMb: 256,
    maxQueue: 4,
    maxWaitMs: 60_000,
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      if (timer) (timer as { cleared: boolean }).cleared = true;
    },
    ...options,
  });
  /** The running check's time limit, once its worker has started on it. */
  const runningLimit = () =>
    vi.waitFor(
      () => {
        const limit = timers.find((t) => t.ms === TIME_LIMIT_MS && !t.cleared);
        if (!limit) throw new Error("no check running yet");
        return limit;
      },
      { timeout: 60_000, interval: 20 },
    );
  return { pool, runningLimit };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("the file workers", () => {
  // One pool for the first two tests: its worker starts once, and once more after the time limit.
  const shared = poolWithTimers({ maxQueue: 1 });
  afterAll(() => shared.pool.close());

  it("run the checks off the request thread and answer with their values", async () => {
    const { pool } = shared;
    expect(await pool.run("detect", await makeImage(4, 4, "png"))).toBe("image/png");
    const pdf = await PDFDocument.create();
    pdf.addPage();
    pdf.addPage();
    expect(await pool.run("answerFile", await pdf.save())).toEqual({ kind: "pdf", pages: 2 });
    // A check's own refusal comes back as the AppError it threw.
    const notAnImage = await refusal(pool.run("answerFile", new TextEncoder().encode("hello")));
    expect([notAnImage.status, notAnImage.code]).toEqual([422, "VALIDATION_FAILED"]);
    expect(pool.stats()).toMatchObject({ checks: 3, workersStarted: 1, timedOut: 0 });
  });

  it("refuse a file past the time limit with 422 and replace its worker; past a full queue, 503", async () => {
    const { pool, runningLimit } = shared;
    const bomb = pool.run("answerFile", objectStreamBomb(50_000_000));
    const limit = await runningLimit();
    // While the bomb holds the one worker, one check may wait; the next is refused.
    const png = await makeImage(4, 4, "png");
    const waiting = pool.run("detect", png);
    const busy = await refusal(pool.run("detect", png));
    expect([busy.status, busy.message, busy.retryAfterSeconds]).toEqual([
      503,
      FILE_CHECK_MESSAGES.busy,
      30,
    ]);
    limit.fn();
    const refused = await refusal(bomb);
    expect([refused.status, refused.message]).toEqual([422, FILE_CHECK_MESSAGES.tooComplex]);
    // The waiting file is checked by a new worker.
    expect(await waiting).toBe("image/png");
    expect(pool.stats()).toMatchObject({ timedOut: 1, workersStarted: 2, refusedBusy: 1 });
  });

  it("refuse a file past the heap limit with 422", async () => {
    // No time limit fires here: the worker runs out of its 48 MB heap on its own.
    const { pool } = poolWithTimers({ memoryMb: 48 });
    try {
      const refused = await refusal(pool.run("answerFile", objectStreamBomb(10_000_000)));
      expect([refused.status, refused.message]).toEqual([422, FILE_CHECK_MESSAGES.tooComplex]);
      expect(pool.stats()).toMatchObject({ outOfMemory: 1, timedOut: 0 });
    } finally {
      await pool.close();
    }
  });
});
