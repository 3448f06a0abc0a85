import { ApiError } from "@web/lib/api.ts";
import { memoryStorage } from "@web/test/memory-storage.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnswerQueue, type PendingAnswer } from "./answer-queue.ts";
import { AnswerSync, SUBMIT_RETRY_MS, SUBMIT_TRIES } from "./answer-sync.ts";

const answer = (questionId: string, clientSeq: number): PendingAnswer => ({
  questionId,
  selectedAnswer: "B",
  markedForReview: false,
  clientSeq,
});

const offline = () => new ApiError(0, "NETWORK", "offline");

/** An engine whose queue already holds one unsent choice (made while offline). */
function setup(send: ReturnType<typeof vi.fn>) {
  const storage = memoryStorage();
  const queue = new AnswerQueue("attempt-1", storage);
  queue.put(answer("q1", 1));
  const sync = new AnswerSync({
    attemptId: "attempt-1",
    queue,
    send: send as never,
    onRejected: vi.fn(),
  });
  return { sync, storage };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("AnswerSync.submit", () => {
  it("sends every queued choice before the submit, retrying the flush every 3 s while offline", async () => {
    const send = vi.fn().mockRejectedValue(offline());
    const post = vi.fn().mockResolvedValue({ score: 80 });
    const { sync, storage } = setup(send);
    const done = sync.submit(post);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(post).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_MS);
    expect(post).not.toHaveBeenCalled();
    send.mockResolvedValue({ rejected: [] });
    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_MS);

    expect(await done).toEqual({ status: "submitted", review: { score: 80 } });
    expect(send).toHaveBeenLastCalledWith("attempt-1", [answer("q1", 1)]);
    expect(post).toHaveBeenCalledTimes(1);
    expect(storage.data.has("exam-answers:attempt-1")).toBe(false);
  });

  it("stops with the answers kept on the device when the session has ended", async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(401, "UNAUTHORIZED", "Sign in"));
    const post = vi.fn();
    const { sync } = setup(send);
    expect(await sync.submit(post)).toEqual({ status: "signed-out" });
    expect(post).not.toHaveBeenCalled();
    expect(sync.pending()).toEqual([answer("q1", 1)]);
  });

  it("retries an unreachable submit (offline, 503) every 3 s, at most SUBMIT_TRIES times", async () => {
    const send = vi.fn().mockResolvedValue({ rejected: [] });
    const unavailable = new ApiError(503, "MAINTENANCE", "Under maintenance");
    const post = vi.fn().mockRejectedValueOnce(unavailable).mockRejectedValue(offline());
    const { sync } = setup(send);
    let outcome: unknown;
    void sync.submit(post).then((o) => {
      outcome = o;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_MS - 1);
    expect(post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_MS * SUBMIT_TRIES);
    expect(post).toHaveBeenCalledTimes(SUBMIT_TRIES);
    expect(outcome).toEqual({ status: "failed", error: offline() });
  });

  it("does not retry a submit the server refuses, and keeps nothing queued once submitted", async () => {
    const send = vi.fn().mockResolvedValue({ rejected: [] });
    const refused = new ApiError(404, "NOT_FOUND", "Attempt not found.");
    const post = vi.fn().mockRejectedValue(refused);
    const { sync } = setup(send);
    expect(await sync.submit(post)).toEqual({ status: "failed", error: refused });
    expect(post).toHaveBeenCalledTimes(1);
    expect(sync.pending()).toEqual([]);
  });

  it("gives up sending the queue after flushUntil (the chaos bench's bound)", async () => {
    const send = vi.fn().mockRejectedValue(offline());
    const post = vi.fn();
    const onRetry = vi.fn();
    const { sync } = setup(send);
    const done = sync.submit(post, { flushUntil: Date.now() + 5000, onRetry });
    await vi.advanceTimersByTimeAsync(SUBMIT_RETRY_MS * 3);
    expect(await done).toEqual({ status: "unsent" });
    expect(onRetry.mock.calls.map(([step]) => step)).toEqual([
      { phase: "flush", attempt: 1 },
      { phase: "flush", attempt: 2 },
    ]);
    expect(post).not.toHaveBeenCalled();
    expect(sync.pending()).toEqual([answer("q1", 1)]);
  });
});
