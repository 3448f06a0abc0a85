import { Worker } from "node:worker_threads";
import { FILE_CHECK_MESSAGES } from "../../shared/uploads.ts";
import { AppError } from "../lib/app-error.ts";
import type { FileCheckName, FileCheckResult } from "./file-checks.ts";
import type { FileJob, FileJobAnswer } from "./file-worker-main.ts";

/**
 * The file workers (decision 057): a few worker threads that decode uploaded files, each check
 * under a time limit and a heap limit, so a file built to take seconds or gigabytes to read
 * never holds up the thread that answers requests. A worker that runs over either limit is
 * stopped (its file refused with 422) and a new one starts for the next file. Checks wait in a
 * bounded queue; beyond it, or after waiting too long, an upload is refused with 503 and
 * Retry-After rather than held in memory.
 */
export type FilePoolOptions = {
  /** Worker threads (the server has 2 cores: 1 leaves one for requests). */
  workers: number;
  /** One check's time limit, from the moment its worker starts on it. */
  timeoutMs: number;
  /** A worker's JavaScript heap limit (resourceLimits.maxOldGenerationSizeMb). */
  memoryMb: number;
  /** Checks that may wait for a worker; one more is refused. */
  maxQueue: number;
  /** How long a check may wait for a worker before it is refused. */
  maxWaitMs: number;
  /** The timers (tests use their own, to reach a time limit without waiting for it). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export const FILE_POOL_DEFAULTS: FilePoolOptions = {
  workers: 1,
  timeoutMs: 10_000,
  memoryMb: 256,
  maxQueue: 20,
  maxWaitMs: 30_000,
};

const RETRY_AFTER_SECONDS = 30;
const WORKER_FILE = new URL("./file-worker.mjs", import.meta.url);

type Pending = {
  job: FileJob;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  waitTimer?: unknown;
};

type Slot = {
  worker: Worker | null;
  ready: boolean;
  current: (Pending & { timer?: unknown }) | null;
};

const tooComplex = () => new AppError("VALIDATION_FAILED", FILE_CHECK_MESSAGES.tooComplex);
const busy = () =>
  new AppError(
    "UNAVAILABLE",
    FILE_CHECK_MESSAGES.busy,
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );

export type FilePool = ReturnType<typeof createFilePool>;

export function createFilePool(options: FilePoolOptions = FILE_POOL_DEFAULTS) {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({
    worker: null,
    ready: false,
    current: null,
  }));
  const queue: Pending[] = [];
  let nextId = 0;
  let closed = false;
  const stats = { checks: 0, timedOut: 0, outOfMemory: 0, refusedBusy: 0, workersStarted: 0 };

  /** Ends the slot's check with `error`, stops its worker, and lets the queue move on. */
  function fail(slot: Slot, error: unknown) {
    const current = slot.current;
    slot.current = null;
    if (current) {
      clearTimer(current.timer);
      current.reject(error);
    } else if (!slot.ready) {
      // A worker that could not start: the next check gets its error, so a broken worker file
      // empties the queue instead of restarting forever.
      const next = queue.shift();
      if (next) {
        clearTimer(next.waitTimer);
        next.reject(error);
      }
    }
    const worker = slot.worker;
    slot.worker = null;
    slot.ready = false;
    if (worker) void worker.terminate();
    pump();
  }

  function spawn(slot: Slot) {
    stats.workersStarted += 1;
    const worker = new Worker(WORKER_FILE, {
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
    slot.worker = worker;
    slot.ready = false;
    // An idle worker does not keep the process alive (tests, a CLI, shutting down).
    worker.unref();
    worker.on("message", (message: "ready" | FileJobAnswer) => {
      if (slot.worker !== worker) return;
      if (message === "ready") {
        slot.ready = true;
        pump();
        return;
      }
      const current = slot.current;
      if (!current || current.job.id !== message.id) return;
      clearTimer(current.timer);
      slot.current = null;
      worker.unref();
      if (message.ok) current.resolve(message.value);
      else if ("error" in message) {
        const { code, message: text, details } = message.error;
        current.reject(new AppError(code, message.error.text ?? text, details));
      } else current.reject(new Error(`file check ${current.job.name} failed: ${message.failure}`));
      pump();
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        stats.outOfMemory += 1;
        fail(slot, tooComplex());
      } else {
        fail(slot, error);
      }
    });
    worker.on("exit", () => {
      if (slot.worker !== worker) return;
      fail(slot, new Error("a file worker stopped"));
    });
  }

  /** Gives waiting checks to idle, ready workers (starting workers where there are none). */
  function pump() {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.current) continue;
      if (!slot.worker) spawn(slot);
      if (!slot.ready || !slot.worker) continue;
      const next = queue.shift() as Pending;
      clearTimer(next.waitTimer);
      const worker = slot.worker;
      slot.current = {
        ...next,
        timer: setTimer(() => {
          stats.timedOut += 1;
          fail(slot, tooComplex());
        }, options.timeoutMs),
      };
      worker.ref();
      worker.postMessage(next.job);
    }
  }

  /** Runs one check on a worker: its value, or its AppError (422 past a limit, 503 when busy). */
  function run<Name extends FileCheckName>(
    name: Name,
    bytes: Uint8Array,
  ): Promise<FileCheckResult<Name>> {
    if (closed) return Promise.reject(busy());
    if (queue.length >= options.maxQueue) {
      stats.refusedBusy += 1;
      return Promise.reject(busy());
    }
    stats.checks += 1;
    nextId += 1;
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        job: { id: nextId, name, bytes },
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      pending.waitTimer = setTimer(() => {
        const at = queue.indexOf(pending);
        if (at < 0) return;
        queue.splice(at, 1);
        stats.refusedBusy += 1;
        reject(busy());
      }, options.maxWaitMs);
      queue.push(pending);
      pump();
    });
  }

  return {
    run,
    /** Starts the workers now, so the first upload does not wait for one to load. */
    warm() {
      for (const slot of slots) if (!slot.worker && !closed) spawn(slot);
    },
    stats: () => ({ ...stats, waiting: queue.length }),
    /** Stops the workers; waiting and running checks are refused. */
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) {
        clearTimer(pending.waitTimer);
        pending.reject(busy());
      }
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          if (slot.current) {
            clearTimer(slot.current.timer);
            slot.current.reject(busy());
            slot.current = null;
          }
          await worker?.terminate();
        }),
      );
    },
  };
}

let shared: FilePool | null = null;
let sharedOptions: FilePoolOptions = FILE_POOL_DEFAULTS;

/** Sets the process's file workers' limits (the server, from its settings, before any upload). */
export function configureFileChecks(options: Partial<FilePoolOptions>): void {
  sharedOptions = { ...FILE_POOL_DEFAULTS, ...options };
  const previous = shared;
  shared = null;
  void previous?.close();
}

/** The process's file pool, started on first use. */
export function filePool(): FilePool {
  shared ??= createFilePool(sharedOptions);
  return shared;
}

/**
 * Runs a named check (file-checks.ts) of an uploaded file's bytes on the process's file workers.
 * Every decoding of an uploaded file goes through here (decision 057).
 */
export function checkFile<Name extends FileCheckName>(
  name: Name,
  bytes: Uint8Array,
): Promise<FileCheckResult<Name>> {
  return filePool().run(name, bytes);
}
