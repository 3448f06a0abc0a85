import { ApiError } from "@web/lib/api.ts";
import { memoryStorage } from "@web/test/memory-storage.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnswerQueue, type PendingAnswer } from "./answer-queue.ts";
import { AnswerSync, type SyncStatus } from "./answer-sync.ts";

const answer = (questionId: string, clientSeq: number): PendingAnswer => ({
  questionId,
  selectedAnswer: "A",
  markedForReview: false,
  clientSeq,
});

function setup(send: ReturnType<typeof vi.fn>) {
  const storage = memoryStorage();
  const statuses: SyncStatus[] = [];
  const onRejected = vi.fn();
  const make = () =>
    new AnswerSync({
      attemptId: "attempt-1",
      queue: new AnswerQueue("attempt-1", storage),
      send: send as never,
      onRejected,
      onStatus: (s) => statuses.push(s),
      random: () => 0.5,
    });
  return { storage, statuses, onRejected, sync: make(), make };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("AnswerSync", () => {
  it("sends a choice at once and empties the queue when the server confirms it", async () => {
    const send = vi.fn().mockResolvedValue({ rejected: [] });
    const { sync, storage, statuses } = setup(send);
    sync.record(answer("q1", 1));
    expect(storage.data.get("exam-answers:attempt-1")).toContain("q1");
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledWith("attempt-1", [answer("q1", 1)]);
    expect(sync.pending()).toEqual([]);
    expect(storage.data.has("exam-answers:attempt-1")).toBe(false);
    expect(statuses).toEqual(["saving", "saved"]);
  });

  it("backs off 2, 4, 8, 15, 15 s on network errors and keeps the answer until it is sent", async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(0, "NETWORK", "offline"));
    const { sync } = setup(send);
    sync.record(answer("q1", 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.status).toBe("offline");
    const calls = [1];
    for (const wait of [2000, 4000, 8000, 15000, 15000]) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(send).toHaveBeenCalledTimes(calls.length);
      await vi.advanceTimersByTimeAsync(1);
      calls.push(1);
      expect(send).toHaveBeenCalledTimes(calls.length);
    }
    expect(sync.pending()).toEqual([answer("q1", 1)]);
    send.mockResolvedValue({ rejected: [] });
    await vi.advanceTimersByTimeAsync(15000);
    expect(sync.pending()).toEqual([]);
    expect(sync.status).toBe("saved");
    // Back to the shortest delay after a success.
    send.mockRejectedValueOnce(new ApiError(0, "NETWORK", "offline"));
    send.mockResolvedValueOnce({ rejected: [] });
    sync.record(answer("q2", 2));
    await vi.advanceTimersByTimeAsync(2000);
    expect(sync.pending()).toEqual([]);
  });

  it("spreads the retries of students refused together between 75% and 125% of each step", async () => {
    const storage = memoryStorage();
    const retriedAt = (random: number) => {
      const send = vi.fn().mockRejectedValue(new ApiError(503, "UNAVAILABLE", "busy"));
      const sync = new AnswerSync({
        attemptId: `attempt-${random}`,
        queue: new AnswerQueue(`attempt-${random}`, storage),
        send: send as never,
        onRejected: vi.fn(),
        random: () => random,
      });
      sync.record(answer("q1", 1));
      return send;
    };
    const early = retriedAt(0);
    const late = retriedAt(0.999);
    await vi.advanceTimersByTimeAsync(0);
    expect([early.mock.calls.length, late.mock.calls.length]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(1500);
    expect([early.mock.calls.length, late.mock.calls.length]).toEqual([2, 1]);
    await vi.advanceTimersByTimeAsync(999);
    expect([early.mock.calls.length, late.mock.calls.length]).toEqual([2, 2]);
  });

  it("keeps a choice made while a batch is in flight and sends it next", async () => {
    let release: (v: { rejected: string[] }) => void = () => {};
    const send = vi
      .fn()
      .mockImplementationOnce(() => new Promise((r) => (release = r)))
      .mockResolvedValue({ rejected: [] });
    const { sync } = setup(send);
    sync.record(answer("q1", 1));
    sync.record(answer("q1", 2));
    await vi.advanceTimersByTimeAsync(0);
    release({ rejected: [] });
    await vi.advanceTimersByTimeAsync(0);
    // The newer choice goes out after the first batch (two waiting flushes may both send it:
    // saves are idempotent).
    expect(send.mock.calls.length).toBeGreaterThanOrEqual(2);
    for (const call of send.mock.calls.slice(1)) expect(call[1]).toEqual([answer("q1", 2)]);
    expect(sync.pending()).toEqual([]);
  });

  it("clears the queue and reports closed on 409 (time is up)", async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(409, "CONFLICT", "Time is up"));
    const { sync } = setup(send);
    sync.record(answer("q1", 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.status).toBe("closed");
    expect(sync.pending()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    // An empty flush keeps the closed status.
    expect(await sync.flush()).toBe("saved");
    expect(sync.status).toBe("closed");
  });

  it("keeps the answers and stops retrying when signed out (401)", async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(401, "UNAUTHORIZED", "Sign in"));
    const { sync } = setup(send);
    sync.record(answer("q1", 1));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(sync.status).toBe("signed-out");
    expect(sync.pending()).toEqual([answer("q1", 1)]);
  });

  it("reports questions the server refuses (422) and drops them", async () => {
    const send = vi
      .fn()
      .mockRejectedValue(new ApiError(422, "VALIDATION_FAILED", "Gone", { rejected: ["q1"] }));
    const { sync, onRejected } = setup(send);
    sync.record(answer("q1", 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(onRejected).toHaveBeenCalledWith(["q1"]);
    expect(sync.pending()).toEqual([]);
  });

  it("after a reload (memory lost, storage kept) a new engine finds and sends the queue", async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(0, "NETWORK", "offline"));
    const first = setup(send);
    first.sync.record(answer("q1", 1));
    await vi.advanceTimersByTimeAsync(0);
    first.sync.cancelRetry();
    send.mockResolvedValue({ rejected: [] });
    const reloaded = first.make();
    expect(reloaded.status).toBe("offline");
    expect(await reloaded.flush()).toBe("saved");
    expect(send).toHaveBeenLastCalledWith("attempt-1", [answer("q1", 1)]);
    // The first engine's retry timer was cancelled: nothing more is sent.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
