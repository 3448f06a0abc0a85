import { ApiError } from "@web/lib/api.ts";
import type { QuestionTime } from "../../../../shared/exams.ts";
import type { AnswerQueue, PendingAnswer } from "./answer-queue.ts";

export type SyncStatus = "saved" | "saving" | "offline" | "maintenance" | "signed-out" | "closed";
/** What a flush achieved: all sent, try again later, no longer accepted, or the session is gone. */
export type FlushResult = "saved" | "retry" | "maintenance" | "closed" | "signed-out";

/**
 * The backoff between replays of a queue that could not be sent, each step jittered to between
 * 75% and 125% (`RETRY_JITTER`): thousands of students refused by one overloaded instance at the
 * same moment come back spread out, not together (decision 050).
 */
export const RETRY_MS = [2000, 4000, 8000, 15000];
export const RETRY_JITTER = 0.25;

/** The wait between submit's tries while the answers or the submit cannot get through. */
export const SUBMIT_RETRY_MS = 3000;
/** How often submit itself is sent while offline before the student is told (about a minute). */
export const SUBMIT_TRIES = 21;

/** How a submit ended: graded, or stopped with what the screen tells the student. */
export type SubmitOutcome<R> =
  | { status: "submitted"; review: R }
  /** The session ended while answers were queued: they stay on the device. */
  | { status: "signed-out" }
  /** The queue could not be sent before `flushUntil`. */
  | { status: "unsent" }
  /** The submit was refused, or stayed unreachable for every try. */
  | { status: "failed"; error: unknown };

export type SubmitOptions = {
  /** Stop trying to send the queue at this time (ms since the epoch); the screen never stops. */
  flushUntil?: number;
  /** Submit tries while offline (SUBMIT_TRIES). */
  tries?: number;
  now?: () => number;
  /** Before each wait: which step failed and how often (the chaos bench logs it). */
  onRetry?: (step: { phase: "flush" | "submit"; attempt: number; error?: unknown }) => void;
};

/** Offline, a gateway, or the site under maintenance (503): worth sending again. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 502);
}

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
  /**
   * Sends a batch (with the time totals riding along, when there are any); resolves with the
   * questions the server refused, throws ApiError otherwise.
   */
  send: (
    attemptId: string,
    answers: PendingAnswer[],
    times?: QuestionTime[],
  ) => Promise<{ rejected: string[] }>;
  /**
   * Time per question (decision 036): its pending totals go with the next batch and the final
   * flush of a submit; they never make a send of their own, nor keep the status "saving".
   */
  times?: {
    pending: () => QuestionTime[];
    acknowledge: (sent: QuestionTime[]) => void;
    clear: () => void;
  };
  /** Questions the server will never accept (removed from the exam). */
  onRejected: (questionIds: string[]) => void;
  onStatus?: (status: SyncStatus) => void;
  scheduler?: SyncScheduler;
  /** The backoff's jitter source (Math.random; tests pass a constant). */
  random?: () => number;
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
    this.options.times?.clear();
  }

  /** Queues a choice and sends it. */
  record(answer: PendingAnswer): void {
    this.options.queue.put(answer);
    void this.flush();
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.scheduler.setTimeout(resolve, ms));
  }

  /**
   * Submits after every queued choice has reached the server: the flush is repeated while the
   * network (or the site) is down, then `post` is sent, repeated while it cannot get through.
   * On success the queue is emptied. The one submit of the attempt screen and the chaos bench.
   */
  async submit<R>(post: () => Promise<R>, options: SubmitOptions = {}): Promise<SubmitOutcome<R>> {
    const now = options.now ?? Date.now;
    const tries = options.tries ?? SUBMIT_TRIES;
    for (let attempt = 1; ; attempt += 1) {
      const result = await this.flush();
      if (result === "signed-out") return { status: "signed-out" };
      if (result !== "retry" && result !== "maintenance") break;
      if (options.flushUntil !== undefined && now() > options.flushUntil)
        return { status: "unsent" };
      options.onRetry?.({ phase: "flush", attempt });
      await this.wait(SUBMIT_RETRY_MS);
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        const review = await post();
        this.clear();
        this.cancelRetry();
        return { status: "submitted", review };
      } catch (error) {
        if (!isUnreachable(error) || attempt >= tries) return { status: "failed", error };
        options.onRetry?.({ phase: "submit", attempt, error });
        await this.wait(SUBMIT_RETRY_MS);
      }
    }
  }

  /** Stops the pending retry timer (the screen is going away); a later flush starts again. */
  cancelRetry(): void {
    this.scheduler.clearTimeout(this.retryTimer);
  }

  async flush(): Promise<FlushResult> {
    const { queue, attemptId, send, onRejected, times } = this.options;
    if (this.inFlight) await this.inFlight;
    const pending = queue.list();
    const timesSent = times?.pending() ?? [];
    if (pending.length === 0 && timesSent.length === 0) {
      this.setStatus(
        this.status === "closed" || this.status === "signed-out" ? this.status : "saved",
      );
      return "saved";
    }
    this.setStatus("saving");
    const sent =
      timesSent.length > 0 ? send(attemptId, pending, timesSent) : send(attemptId, pending);
    const run = sent
      .then((result): FlushResult => {
        // Rejected answers name questions removed from the exam: they will never be accepted.
        queue.acknowledge(pending);
        times?.acknowledge(timesSent);
        this.retryAttempt = 0;
        const refused = answersAmong(result.rejected, pending);
        if (refused.length > 0) onRejected(refused);
        return "saved";
      })
      .catch((error: unknown): FlushResult => {
        if (error instanceof ApiError && error.status === 422) {
          queue.acknowledge(pending);
          times?.acknowledge(timesSent);
          const details = error.details as { rejected?: string[] } | undefined;
          const refused = answersAmong(
            details?.rejected ?? pending.map((p) => p.questionId),
            pending,
          );
          if (refused.length > 0) onRejected(refused);
          return "saved";
        }
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          queue.clear();
          times?.clear();
          return "closed";
        }
        if (error instanceof ApiError && (error.status === 401 || error.status === 403))
          return "signed-out";
        const step = RETRY_MS[Math.min(this.retryAttempt, RETRY_MS.length - 1)] ?? 15000;
        const random = this.options.random ?? Math.random;
        const delay = Math.round(step * (1 - RETRY_JITTER + random() * 2 * RETRY_JITTER));
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

/** The refused questions that carried a choice (a refused time alone is not worth a word). */
function answersAmong(questionIds: string[], answers: PendingAnswer[]): string[] {
  const answered = new Set(answers.map((a) => a.questionId));
  return questionIds.filter((id) => answered.has(id));
}
