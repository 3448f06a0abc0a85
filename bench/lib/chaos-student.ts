// The chaos bench's scripted student (bench/chaos.ts): the real client's answer queue and sync
// on a Node transport, faults drawn with chaos-config.ts's odds (aborts, offline periods, reloads,
// leaving), and what it saw acknowledged or refused, for the final check.
import {
  AnswerQueue,
  nextClientSeq,
  type PendingAnswer,
} from "../../src/web/features/exams/lib/answer-queue.ts";
import { AnswerSync } from "../../src/web/features/exams/lib/answer-sync.ts";
import { ApiError, unwrap } from "../../src/web/lib/api.ts";
import {
  CONFIG,
  GRACE_MS,
  never,
  P_ABORT,
  P_LEAVE,
  P_OFFLINE,
  P_RELOAD,
  pick,
  REQUEST_TIMEOUT_MS,
  rand,
  SUBMIT_PRESSES,
} from "./chaos-config.ts";
import { api, type BenchExam, KEYS, type Key } from "./exam-setup.ts";
import type { AppInstance } from "./instances.ts";
import { MapStorage } from "./run-bench.ts";
import { sleep } from "./stats.ts";

/** The app instances under test (filled by bench/chaos.ts before the students start). */
export const instances: AppInstance[] = [];
export const counts = new Map<string, number>();
/** Requests not yet settled, for the watchdog: which student waits on what, where, since when. */
export type Flight = { student: number; what: string; instance: string; since: number };
export const flights = new Set<Flight>();
export const count = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);

/** One page load: the in-memory objects a reload throws away. */
export type Page = { sync: AnswerSync; dead: boolean; controllers: Set<AbortController> };

export type Seen = { seq: number; answer: Key | null };

export class Student {
  readonly storage = new MapStorage();
  instance: number;
  offlineUntil = 0;
  attemptId = "";
  deadline = 0;
  seqFloor = 0;
  page: Page | null = null;
  /** What the student last chose per question (the human's memory, not the page's). */
  readonly chosen = new Map<string, Seen>();
  /** The newest answer per question the client saw the server acknowledge. */
  readonly acked = new Map<string, Seen>();
  /** Answers the server refused for good (409/404), with its message. */
  readonly refused = new Map<string, Seen & { reason: string }>();
  submittedScore: number | undefined;
  outcome = "running";
  /** Where the student's script is (for the watchdog): the step it awaits. */
  step = "waiting to start";

  constructor(
    readonly index: number,
    readonly cookie: string,
    readonly exam: BenchExam,
  ) {
    this.instance = index % instances.length;
  }

  base() {
    return (instances[this.instance] as AppInstance).base;
  }

  /** What localStorage holds for this attempt (the queue as a reload would find it). */
  queued(): Map<string, PendingAnswer> {
    const raw = this.storage.getItem(`exam-answers:${this.attemptId}`);
    return new Map((JSON.parse(raw ?? "[]") as PendingAnswer[]).map((p) => [p.questionId, p]));
  }

  offline() {
    return Date.now() < this.offlineUntil;
  }

  /** A request through the app's own error mapping (unwrap: network failure -> ApiError 0). */
  async request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal) {
    if (this.offline()) {
      return unwrap<T>(Promise.reject(new TypeError("offline")) as never);
    }
    if (Math.random() < 0.03) this.instance = (this.instance + 1) % instances.length;
    const flight: Flight = {
      student: this.index,
      what: `${method} ${path}`,
      instance: (instances[this.instance] as AppInstance).name,
      since: Date.now(),
    };
    flights.add(flight);
    const timeout = new AbortController();
    const timer = setTimeout(() => {
      count("requests timed out");
      timeout.abort();
    }, REQUEST_TIMEOUT_MS);
    try {
      return await unwrap<T>(
        api(this.base(), method, path, {
          body,
          cookie: this.cookie,
          signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
        }) as never,
      );
    } catch (error) {
      // The load balancer sends the next request elsewhere half the time.
      if (error instanceof ApiError && error.status === 0 && Math.random() < 0.5)
        this.instance = (this.instance + 1) % instances.length;
      throw error;
    } finally {
      clearTimeout(timer);
      flights.delete(flight);
    }
  }

  /** The transport of the real AnswerSync: fetch, abortable, failing while offline. */
  send(page: Page) {
    return async (attemptId: string, answers: PendingAnswer[]) => {
      if (page.dead) return never<{ rejected: string[] }>();
      const controller = new AbortController();
      page.controllers.add(controller);
      if (Math.random() < P_ABORT) {
        count("requests aborted mid-flight");
        setTimeout(() => controller.abort(), rand(0, 30));
      }
      try {
        const result = await this.request<{ rejected: string[] }>(
          "POST",
          `/api/attempts/${attemptId}/answers`,
          { answers },
          controller.signal,
        );
        if (page.dead) return never<{ rejected: string[] }>();
        count("saves acknowledged");
        for (const a of answers) {
          if (result.rejected.includes(a.questionId)) continue;
          const seen = this.acked.get(a.questionId);
          if (!seen || seen.seq < a.clientSeq)
            this.acked.set(a.questionId, { seq: a.clientSeq, answer: a.selectedAnswer as Key });
        }
        return result;
      } catch (error) {
        if (page.dead) return never<{ rejected: string[] }>();
        const status = error instanceof ApiError ? error.status : -1;
        count(
          `saves failed: ${status === 0 ? "network" : status === -1 ? "reply cut off" : `HTTP ${status}`}`,
        );
        if (status === 409 || status === 404) {
          // AnswerSync drops the whole queue on this answer (the attempt is closed): the batch
          // and anything chosen while it was in flight.
          const reason = error instanceof Error ? error.message : String(error);
          for (const a of [...answers, ...this.queued().values()])
            this.refused.set(a.questionId, {
              seq: a.clientSeq,
              answer: a.selectedAnswer as Key,
              reason,
            });
        }
        throw error;
      } finally {
        page.controllers.delete(controller);
      }
    };
  }

  /** A page load: the attempt from the server, the queue from localStorage, a new AnswerSync. */
  async load(): Promise<boolean> {
    for (let i = 0; i < 60; i += 1) {
      this.step = `loading the attempt page (try ${i + 1})`;
      try {
        const view = await this.request<{
          status: string;
          attempt: { deadlineAt: string };
          answers: { clientSeq: number }[];
        }>("GET", `/api/attempts/${this.attemptId}`);
        if (view.status !== "in_progress") return false;
        this.seqFloor = Math.max(this.seqFloor, ...view.answers.map((a) => a.clientSeq));
        const page: Page = { dead: false, controllers: new Set(), sync: null as never };
        page.sync = new AnswerSync({
          attemptId: this.attemptId,
          queue: new AnswerQueue(this.attemptId, this.storage),
          send: this.send(page),
          onRejected: () => count("answers rejected (question removed)"),
        });
        this.page = page;
        // As the hook does on mount: replay what the last page left queued.
        if (page.sync.pending().length > 0) void page.sync.flush();
        return true;
      } catch {
        await sleep(3000);
      }
    }
    throw new Error(`student ${this.index}: the attempt page never loaded`);
  }

  /** Memory lost, localStorage kept; in-flight requests die with the page. */
  async reload() {
    const page = this.page;
    if (!page) return;
    count("page reloads");
    this.step = "reloading";
    page.dead = true;
    page.sync.cancelRetry();
    for (const c of page.controllers) c.abort();
    this.page = null;
    await sleep(rand(500, 3000));
    if (!(await this.load())) this.outcome = "completed while reloading";
  }

  goOffline(seconds: number) {
    count("offline periods");
    this.offlineUntil = Date.now() + seconds * 1000;
    // Half the time the browser says it is back online (the hook flushes); else the backoff.
    if (Math.random() < 0.5) {
      setTimeout(() => void this.page?.sync.flush(), seconds * 1000 + 10);
    }
  }

  async run(t0: number) {
    await sleep(Math.max(0, t0 + Math.random() * CONFIG.spreadS * 1000 - Date.now()));
    let session: { attempt: { id: string; deadlineAt: string }; questions: { id: string }[] };
    for (let i = 0; ; i += 1) {
      this.step = `starting the attempt (try ${i + 1})`;
      try {
        session = await this.request("POST", `/api/exams/${this.exam.id}/attempts`);
        break;
      } catch (error) {
        if (i >= 40) throw error;
        await sleep(2000);
      }
    }
    this.attemptId = session.attempt.id;
    this.deadline = Date.parse(session.attempt.deadlineAt);
    if (!(await this.load())) {
      this.outcome = "completed before its page loaded";
      return;
    }
    const order = session.questions.map((q) => q.id);

    // This student's faults, at random moments of the exam.
    const span = ((CONFIG.paceS[0] + CONFIG.paceS[1]) / 2) * order.length * 1000;
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (Math.random() < P_OFFLINE)
      timers.push(
        setTimeout(
          () => this.goOffline(rand(CONFIG.offlineS[0], CONFIG.offlineS[1])),
          rand(0, span),
        ),
      );
    let reloadAt = Math.random() < P_RELOAD ? Date.now() + rand(0, span) : Infinity;

    const answered: string[] = [];
    const choose = (questionId: string) => {
      const previous = this.chosen.get(questionId)?.seq ?? 0;
      const answer = pick(KEYS);
      const seq = nextClientSeq(Date.now(), Math.max(this.seqFloor, previous));
      this.chosen.set(questionId, { seq, answer });
      this.page?.sync.record({
        questionId,
        selectedAnswer: answer,
        markedForReview: false,
        clientSeq: seq,
      });
    };
    for (const [n, questionId] of order.entries()) {
      this.step = `answering question ${n + 1} of ${order.length}`;
      await sleep(rand(CONFIG.paceS[0], CONFIG.paceS[1]) * 1000);
      if (Date.now() > reloadAt && this.page) {
        reloadAt = Infinity;
        await this.reload();
      }
      if (!this.page || Date.now() >= this.deadline - 1000) break;
      choose(questionId);
      answered.push(questionId);
      if (Math.random() < 0.15) choose(pick(answered));
    }
    for (const t of timers) clearTimeout(t);
    if (!this.page) return;
    if (Math.random() < P_LEAVE) {
      // Closes the tab once the indicator says saved (bounded); the sweeper grades it.
      this.step = "waiting for saved before leaving";
      for (let i = 0; i < 60 && this.page.sync.pending().length > 0; i += 1) await sleep(2000);
      this.page.dead = true;
      this.page.sync.cancelRetry();
      this.outcome = "left";
      return;
    }
    await this.submit();
  }

  /**
   * The attempt screen's own submit (AnswerSync#submit: every queued answer first, then the
   * submit, each retried while unreachable); after a refusal the student presses Submit again.
   */
  async submit() {
    const page = this.page as Page;
    const flushUntil = this.deadline + GRACE_MS + 120_000;
    const failed = (error: unknown) =>
      count(`submits failed: ${error instanceof ApiError ? error.status || "network" : "?"}`);
    for (let press = 1; press <= SUBMIT_PRESSES; press += 1) {
      this.step = `submitting (press ${press})`;
      const outcome = await page.sync.submit(
        () =>
          this.request<{ attempt: { score: number } }>(
            "POST",
            `/api/attempts/${this.attemptId}/submit`,
          ),
        {
          flushUntil,
          onRetry: ({ phase, attempt, error }) => {
            if (phase === "submit") failed(error);
            this.step = `${phase === "flush" ? "flushing the queue before submit" : "submitting"} (press ${press}, try ${attempt + 1})`;
          },
        },
      );
      switch (outcome.status) {
        case "submitted":
          this.submittedScore = outcome.review.attempt.score;
          this.outcome = "submitted";
          return;
        case "signed-out":
          this.outcome = "signed out";
          return;
        case "unsent":
          this.outcome = "could not send its answers";
          return;
        case "failed":
          failed(outcome.error);
          await sleep(3000);
      }
    }
    this.outcome = "could not submit";
  }
}

/** For each student still running: the step it awaits, its sync's state, its open requests. */
export function stuckReport(students: Student[]): string[] {
  const now = Date.now();
  return students
    .filter((s) => s.outcome === "running")
    .map((s) => {
      const sync = s.page?.sync as unknown as { inFlight: unknown; status: string } | undefined;
      const open = [...flights]
        .filter((f) => f.student === s.index)
        .map((f) => `${f.what} on ${f.instance} for ${Math.round((now - f.since) / 1000)} s`);
      return `stuck student ${s.index}: ${s.step}; page ${s.page ? `sync ${sync?.status}, ${sync?.inFlight ? "a send in flight" : "no send in flight"}, ${s.page.sync.pending().length} queued` : "none"}; requests: ${open.join("; ") || "none"}`;
    });
}
