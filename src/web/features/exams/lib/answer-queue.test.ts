import { memoryStorage } from "@web/test/memory-storage.ts";
import { describe, expect, it } from "vitest";
import { AnswerQueue, nextClientSeq } from "./answer-queue.ts";

describe("AnswerQueue", () => {
  it("keeps only the newest choice per question and survives a new instance (reload)", () => {
    const storage = memoryStorage();
    const queue = new AnswerQueue("a1", storage);
    queue.put({ questionId: "q1", selectedAnswer: "A", markedForReview: false, clientSeq: 1 });
    queue.put({ questionId: "q1", selectedAnswer: "B", markedForReview: false, clientSeq: 2 });
    queue.put({ questionId: "q2", selectedAnswer: null, markedForReview: true, clientSeq: 3 });
    const reloaded = new AnswerQueue("a1", storage);
    expect(reloaded.list()).toEqual([
      { questionId: "q1", selectedAnswer: "B", markedForReview: false, clientSeq: 2 },
      { questionId: "q2", selectedAnswer: null, markedForReview: true, clientSeq: 3 },
    ]);
    expect(new AnswerQueue("other", storage).list()).toEqual([]);
  });

  it("drops confirmed answers but keeps a newer choice made while sending", () => {
    const storage = memoryStorage();
    const queue = new AnswerQueue("a1", storage);
    queue.put({ questionId: "q1", selectedAnswer: "A", markedForReview: false, clientSeq: 1 });
    queue.put({ questionId: "q2", selectedAnswer: "C", markedForReview: false, clientSeq: 2 });
    const sent = queue.list();
    queue.put({ questionId: "q1", selectedAnswer: "D", markedForReview: false, clientSeq: 5 });
    queue.acknowledge(sent);
    expect(queue.list()).toEqual([
      { questionId: "q1", selectedAnswer: "D", markedForReview: false, clientSeq: 5 },
    ]);
    queue.acknowledge(queue.list());
    expect(storage.data.size).toBe(0);
  });

  it("tolerates corrupt storage", () => {
    const storage = memoryStorage();
    storage.setItem("exam-answers:a1", "{not json");
    expect(new AnswerQueue("a1", storage).list()).toEqual([]);
  });

  it("hands out strictly increasing sequence numbers", () => {
    const a = nextClientSeq(1000);
    const b = nextClientSeq(1000);
    const c = nextClientSeq(999);
    expect(b).toBeGreaterThan(a);
    expect(c).toBeGreaterThan(b);
  });
});

describe("AnswerQueue without working storage", () => {
  it("keeps answers in memory when storage throws or is missing", () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    };
    const queue = new AnswerQueue("a1", broken);
    queue.put({ questionId: "q1", selectedAnswer: "A", markedForReview: false, clientSeq: 1 });
    expect(queue.list()).toHaveLength(1);
    const none = new AnswerQueue("a1", null);
    none.put({ questionId: "q2", selectedAnswer: "B", markedForReview: false, clientSeq: 2 });
    expect(none.list()).toHaveLength(1);
  });

  it("stays above a sequence another device stored", () => {
    // Relative to the device's last sequence (module state other tests may have moved).
    const last = nextClientSeq(0);
    expect(nextClientSeq(1000, last + 5_000_000)).toBe(last + 5_000_001);
  });
});
