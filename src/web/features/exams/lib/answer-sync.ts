import { ApiError } from "@web/lib/api.ts";
import type { AnswerQueue, PendingAnswer } from "./answer-queue.ts";

export type SyncStatus = "saved" | "saving" | "offline" | "maintenance" | "signed-out" | "closed";
/** What a flush achieved: all sent, try again later, no longer accepted, or the session is gone. */
export type FlushResult = "saved" | "retry" | "maintenance" | "closed" | "signed-out";

/** The backoff between replays of a queue that could not be sent. */
export const RETRY_MS = [2000, 4000, 8000, 15000];

/** Timers, injectable so tests and the chaos bench control time and lifetime. */
export type SyncScheduler = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const globalScheduler: SyncScheduler = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type AnswerSyncOptions = {
  attemptId: string;
  queue: AnswerQueue;
  /** Sends a batch; resolves with the questions the server refused, throws ApiError otherwise. */
  send: (attemptId: string, answers: PendingAnswer[]) => Promise<{ rejected: string[] }>;
  /** Questions the server will never accept (removed from the exam). */
  onRejected: (questionIds: string[]) => void;
  onStatus?: (status: SyncStatus) => void;
  scheduler?: SyncScheduler;
};

/**
 * The answer sync engine, free of React (the hook `useAnswerSync` and the chaos bench both run
 * it): sends each choice at once; keeps unsent ones in the queue (localStorage) and replays them
 * on a backoff timer, since a dropped request does not always flip navigator.onLine, and
 * whenever `flush` is called (on reconnect).
 * `closed`: the server no longer takes answers (time is up or already submitted).
 * `maintenance`: the site answered 503 MAINTENANCE; like `retry`, the answers wait on the device.
 * `signed-out`: the session ended; answers stay on the device until the student logs in again.
 */
export class AnswerSync {
  private inFlight: Promise<FlushResult> | null = null;
  private retryAttempt = 0;
  private retryTimer: unknown;
  private readonly scheduler: SyncScheduler;
  status: SyncStatus;

  constructor(private readonly options: AnswerSyncOptions) {
    this.scheduler = options.scheduler ?? globalScheduler;
    this.status = options.queue.list().length ? "offline" : "saved";
  }

  private setStatus(status: SyncStatus) {
    this.status = status;
    this.options.onStatus?.(status);
  }

  pending(): PendingAnswer[] {
    return this.options.queue.list();
  }

  clear(): void {
    this.options.queue.clear();
  }

  /** Queues a choice and sends it. */
  record(answer: PendingAnswer): void {
    this.options.queue.put(answer);
    void this.flush();
  }

  /** Stops the pending retry timer (the screen is going away); a later flush starts again. */
  cancelRetry(): void {
    this.scheduler.clearTimeout(this.retryTimer);
  }

  async flush(): Promise<FlushResult> {
    const { queue, attemptId, send, onRejected } = this.options;
    if (this.inFlight) await this.inFlight;
    const pending = queue.list();
    if (pending.length === 0) {
      this.setStatus(
        this.status === "closed" || this.status === "signed-out" ? this.status : "saved",
      );
      return "saved";
    }
    this.setStatus("saving");
    const run = send(attemptId, pending)
      .then((result): FlushResult => {
        // Rejected answers name questions removed from the exam: they will never be accepted.
        queue.acknowledge(pending);
        this.retryAttempt = 0;
        if (result.rejected.length > 0) onRejected(result.rejected);
        return "saved";
      })
      .catch((error: unknown): FlushResult => {
        if (error instanceof ApiError && error.status === 422) {
          queue.acknowledge(pending);
          const details = error.details as { rejected?: string[] } | undefined;
          onRejected(details?.rejected ?? pending.map((p) => p.questionId));
          return "saved";
        }
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          queue.clear();
          return "closed";
        }
        if (error instanceof ApiError && (error.status === 401 || error.status === 403))
          return "signed-out";
        const delay = RETRY_MS[Math.min(this.retryAttempt, RETRY_MS.length - 1)] ?? 15000;
        this.retryAttempt += 1;
        this.scheduler.clearTimeout(this.retryTimer);
        this.retryTimer = this.scheduler.setTimeout(() => void this.flush(), delay);
        return error instanceof ApiError && error.code === "MAINTENANCE" ? "maintenance" : "retry";
      })
      .finally(() => {
        this.inFlight = null;
      });
    this.inFlight = run;
    const result = await run;
    if (result === "saved" && queue.list().length > 0) return this.flush();
    this.setStatus(result === "retry" ? "offline" : result);
    return result;
  }
}
