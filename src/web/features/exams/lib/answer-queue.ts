import type { Confidence } from "../../../../shared/confidence.ts";
import type { OptionKey } from "../../../../shared/constants.ts";

export type PendingAnswer = {
  questionId: string;
  selectedAnswer: OptionKey | null;
  markedForReview: boolean;
  /** Sure, 50:50 or Guess; absent in answers queued before tags existed. */
  confidence?: Confidence | null;
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
  /** The queue itself; storage is a best-effort copy (it may be full, blocked or missing). */
  private memory: PendingAnswer[];

  constructor(
    attemptId: string,
    private readonly storage: Storage | null,
  ) {
    this.key = `exam-answers:${attemptId}`;
    this.memory = this.read();
  }

  private read(): PendingAnswer[] {
    try {
      const raw = this.storage?.getItem(this.key);
      return raw ? (JSON.parse(raw) as PendingAnswer[]) : [];
    } catch {
      return [];
    }
  }

  list(): PendingAnswer[] {
    return [...this.memory];
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
    this.write([]);
  }

  private write(answers: PendingAnswer[]): void {
    this.memory = answers;
    try {
      if (answers.length === 0) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, JSON.stringify(answers));
    } catch {
      // Storage full or blocked: the answers still go out from memory.
    }
  }
}

let lastSeq = 0;
/**
 * Strictly increasing on this device, even within one millisecond, and above `floor` (the
 * highest sequence already stored, which another device with a faster clock may have written).
 */
export function nextClientSeq(now = Date.now(), floor = 0): number {
  lastSeq = Math.max(now, lastSeq + 1, floor + 1);
  return lastSeq;
}

/** Local storage, or null where the browser refuses it (some private modes). */
export function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
