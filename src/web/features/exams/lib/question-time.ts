import type { QuestionTime } from "../../../../shared/exams.ts";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;

type Saved = {
  /** Running total per question, in milliseconds, over every visit on this device. */
  totals: Record<string, number>;
  /** The whole seconds per question the server has confirmed. */
  sent: Record<string, number>;
};

/**
 * Time per question on this device (decision 036): a question's clock runs while it is on screen
 * and the page is visible; visits add up. The totals ride along with the saves the answer sync
 * already makes (`pending`), as running totals rather than deltas, so a replayed save is harmless:
 * the server keeps the larger total. Kept in localStorage beside the answer queue, so a reload on
 * this device goes on counting from where it was. No timers: the clock is read when asked.
 */
export class QuestionTimes {
  private readonly key: string;
  private totals: Record<string, number>;
  private sent: Record<string, number>;
  private current: string | null = null;
  private visible = true;
  /** When the running segment started (ms), or null while nothing is counting. */
  private since: number | null = null;

  constructor(
    attemptId: string,
    private readonly storage: Storage | null,
    private readonly now: () => number = Date.now,
  ) {
    this.key = `exam-times:${attemptId}`;
    const saved = this.read();
    this.totals = saved.totals;
    this.sent = saved.sent;
  }

  private read(): Saved {
    try {
      const raw = this.storage?.getItem(this.key);
      const parsed = raw ? (JSON.parse(raw) as Partial<Saved>) : {};
      return { totals: parsed.totals ?? {}, sent: parsed.sent ?? {} };
    } catch {
      return { totals: {}, sent: {} };
    }
  }

  private write(): void {
    try {
      if (Object.keys(this.totals).length === 0) this.storage?.removeItem(this.key);
      else
        this.storage?.setItem(this.key, JSON.stringify({ totals: this.totals, sent: this.sent }));
    } catch {
      // Storage full or blocked: the times still go out from memory.
    }
  }

  /** Adds the running segment to its question's total and starts a new one (if counting). */
  private settle(): void {
    const at = this.now();
    if (this.since !== null && this.current !== null) {
      this.totals[this.current] = (this.totals[this.current] ?? 0) + Math.max(0, at - this.since);
    }
    this.since = this.current !== null && this.visible ? at : null;
  }

  /** The question now on screen (null: none, e.g. the runner is gone or submitted). */
  show(questionId: string | null): void {
    if (questionId === this.current) return;
    this.settle();
    this.current = questionId;
    this.since = questionId !== null && this.visible ? this.now() : null;
    this.write();
  }

  /** The page became visible or hidden (another tab, a locked phone): the clock stops while hidden. */
  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.settle();
    this.visible = visible;
    this.since = this.current !== null && visible ? this.now() : null;
    this.write();
  }

  /** Whole seconds spent on each question so far, the running visit included. */
  seconds(): Record<string, number> {
    this.settle();
    return Object.fromEntries(
      Object.entries(this.totals).map(([id, ms]) => [id, Math.floor(ms / 1000)]),
    );
  }

  /** The totals the server has not confirmed yet (those that grew by a whole second). */
  pending(): QuestionTime[] {
    return Object.entries(this.seconds())
      .filter(([id, seconds]) => seconds > (this.sent[id] ?? 0))
      .map(([questionId, seconds]) => ({ questionId, seconds }))
      .sort((a, b) => a.questionId.localeCompare(b.questionId));
  }

  /** The server stored these totals (or will never take them): they are not sent again. */
  acknowledge(times: QuestionTime[]): void {
    for (const t of times)
      this.sent[t.questionId] = Math.max(this.sent[t.questionId] ?? 0, t.seconds);
    this.write();
  }

  /** The attempt is over: forget its times on this device. */
  clear(): void {
    this.totals = {};
    this.sent = {};
    this.current = null;
    this.since = null;
    this.write();
  }
}
