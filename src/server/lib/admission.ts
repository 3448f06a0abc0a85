import type { MiddlewareHandler } from "hono";
import { AppError } from "./app-error.ts";
import type { AppEnv } from "./context.ts";

/**
 * A bounded queue in front of a costly route (the live test's start, decision 047). At most
 * `concurrency` requests run the handler at once on this instance; up to `maxQueue` more wait in
 * arrival order, each at most `maxWaitMs`; anyone beyond that (or who waited too long) gets 503
 * `UNAVAILABLE` with `Retry-After`, which clients retry (decision 024). So 25,000 students
 * pressing Start at the same second become a steady stream of transactions per instance, not
 * 25,000 at once against the database's connection pool.
 */
export type AdmissionOptions = {
  concurrency: number;
  maxQueue: number;
  maxWaitMs: number;
  /** Seconds the refused are told to wait. */
  retryAfterSeconds: number;
  /** The refusal's message. */
  busyMessage: string;
  /** The timers (tests use fake ones). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export type Admission = {
  middleware: MiddlewareHandler<AppEnv>;
  /** Running and waiting now (benches and tests read it). */
  stats: () => { running: number; waiting: number; refused: number; admitted: number };
};

export function createAdmission(options: AdmissionOptions): Admission {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let running = 0;
  let refused = 0;
  let admitted = 0;
  const queue: { admit: () => void; timer: unknown }[] = [];

  const busy = () => {
    refused += 1;
    // The wait rides on the error, as details for the client and as the Retry-After header.
    return new AppError(
      "UNAVAILABLE",
      options.busyMessage,
      { retryAfterSeconds: options.retryAfterSeconds },
      { retryAfterSeconds: options.retryAfterSeconds },
    );
  };

  /** Resolves when the caller may run; rejects with 503 when it may not. */
  const enter = (): Promise<void> => {
    if (running < options.concurrency && queue.length === 0) {
      running += 1;
      admitted += 1;
      return Promise.resolve();
    }
    if (queue.length >= options.maxQueue) return Promise.reject(busy());
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        admit: () => {
          clearTimer(waiter.timer);
          running += 1;
          admitted += 1;
          resolve();
        },
        timer: setTimer(() => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(busy());
        }, options.maxWaitMs),
      };
      queue.push(waiter);
    });
  };

  const leave = () => {
    running -= 1;
    const next = queue.shift();
    if (next) next.admit();
  };

  return {
    middleware: async (_c, next) => {
      await enter();
      try {
        await next();
      } finally {
        leave();
      }
    },
    stats: () => ({ running, waiting: queue.length, refused, admitted }),
  };
}
