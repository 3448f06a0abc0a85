import type { OptionKey } from "../../../../shared/constants.ts";

export type PendingAnswer = {
  questionId: string;
  selectedAnswer: OptionKey | null;
  markedForReview: boolean;
  clientSeq: number;
};

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Choices not yet confirmed by the server, kept in localStorage per attempt so they survive a
 * reload, a crash or a dropped connection, and replayed in one batch when the network is back.
 * Only the newest choice per question is kept.
 */
export class AnswerQueue {
  private readonly key: string;

  constructor(
    attemptId: string,
    private readonly storage: Storage,
  ) {
    this.key = `exam-answers:${attemptId}`;
  }

  list(): PendingAnswer[] {
    try {
      const raw = this.storage.getItem(this.key);
      return raw ? (JSON.parse(raw) as PendingAnswer[]) : [];
    } catch {
      return [];
    }
  }

  put(answer: PendingAnswer): void {
    const others = this.list().filter((a) => a.questionId !== answer.questionId);
    this.write([...others, answer]);
  }

  /** Drops what the server confirmed, unless a newer choice for that question came meanwhile. */
  acknowledge(sent: PendingAnswer[]): void {
    const confirmed = new Map(sent.map((a) => [a.questionId, a.clientSeq]));
    this.write(this.list().filter((a) => (confirmed.get(a.questionId) ?? -1) < a.clientSeq));
  }

  clear(): void {
    this.storage.removeItem(this.key);
  }

  private write(answers: PendingAnswer[]): void {
    if (answers.length === 0) this.storage.removeItem(this.key);
    else this.storage.setItem(this.key, JSON.stringify(answers));
  }
}

let lastSeq = 0;
/** Strictly increasing on this device, even within one millisecond. */
export function nextClientSeq(now = Date.now()): number {
  lastSeq = Math.max(now, lastSeq + 1);
  return lastSeq;
}
