import { ApiError } from "@web/lib/api.ts";
import { memoryStorage } from "@web/test/memory-storage.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnswerQueue } from "./answer-queue.ts";
import { AnswerSync } from "./answer-sync.ts";
import { QuestionTimes } from "./question-time.ts";

/** A clock the test moves by hand: no real or fake timers needed for the counting itself. */
function fakeClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("QuestionTimes", () => {
  it("counts the shown question while the page is visible, and visits add up", () => {
    const clock = fakeClock();
    const times = new QuestionTimes("a1", memoryStorage(), clock.now);
    times.show("q1");
    clock.advance(12_400);
    times.show("q2");
    clock.advance(5_000);
    times.setVisible(false);
    clock.advance(60_000); // another tab: not counted
    times.setVisible(true);
    clock.advance(3_000);
    times.show("q1"); // a second visit
    clock.advance(7_700);
    expect(times.seconds()).toEqual({ q1: 20, q2: 8 });
    times.show(null);
    clock.advance(30_000);
    expect(times.seconds()).toEqual({ q1: 20, q2: 8 });
  });

  it("offers only totals the server has not confirmed, and keeps counting across a reload", () => {
    const clock = fakeClock();
    const storage = memoryStorage();
    const times = new QuestionTimes("a1", storage, clock.now);
    times.show("q2");
    clock.advance(4_000);
    times.show("q1");
    clock.advance(999);
    expect(times.pending()).toEqual([{ questionId: "q2", seconds: 4 }]);
    times.acknowledge([{ questionId: "q2", seconds: 4 }]);
    expect(times.pending()).toEqual([]);
    clock.advance(1);
    expect(times.pending()).toEqual([{ questionId: "q1", seconds: 1 }]);

    times.setVisible(false); // the page is hidden before a reload: the totals are on the device
    const reloaded = new QuestionTimes("a1", storage, clock.now);
    reloaded.show("q2");
    clock.advance(2_000);
    expect(reloaded.pending()).toEqual([
      { questionId: "q1", seconds: 1 },
      { questionId: "q2", seconds: 6 },
    ]);
    reloaded.clear();
    expect(storage.data.size).toBe(0);
  });
});

describe("AnswerSync with times", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(send: ReturnType<typeof vi.fn>) {
    const clock = fakeClock();
    const storage = memoryStorage();
    const times = new QuestionTimes("a1", storage, clock.now);
    const sync = new AnswerSync({
      attemptId: "a1",
      queue: new AnswerQueue("a1", storage),
      send: send as never,
      times,
      onRejected: vi.fn(),
    });
    return { clock, times, sync, storage };
  }

  it("sends the visited questions' totals with the next answer, once", async () => {
    const send = vi.fn().mockResolvedValue({ rejected: [] });
    const { clock, times, sync } = setup(send);
    times.show("q1");
    clock.advance(9_000);
    times.show("q2"); // q1 visited, not answered
    clock.advance(3_000);
    sync.record({ questionId: "q2", selectedAnswer: "B", markedForReview: false, clientSeq: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledWith(
      "a1",
      [{ questionId: "q2", selectedAnswer: "B", markedForReview: false, clientSeq: 1 }],
      [
        { questionId: "q1", seconds: 9 },
        { questionId: "q2", seconds: 3 },
      ],
    );
    // Nothing new: a flush sends nothing.
    send.mockClear();
    await sync.flush();
    expect(send).not.toHaveBeenCalled();
  });

  it("submit's final flush sends pending times alone, and a failed send keeps them", async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(0, "NETWORK", "offline"))
      .mockResolvedValue({ rejected: [] });
    const { clock, times, sync, storage } = setup(send);
    times.show("q3");
    clock.advance(15_000);
    const post = vi.fn().mockResolvedValue({ ok: true });
    const outcome = sync.submit(post);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await outcome).toEqual({ status: "submitted", review: { ok: true } });
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]).toEqual(["a1", [], [{ questionId: "q3", seconds: 15 }]]);
    // Submitted: the device forgets the attempt's times.
    expect(storage.data.size).toBe(0);
  });

  it("does not report a refused time as a lost answer", async () => {
    const send = vi.fn().mockResolvedValue({ rejected: ["q9"] });
    const clock = fakeClock();
    const times = new QuestionTimes("a1", memoryStorage(), clock.now);
    const onRejected = vi.fn();
    const sync = new AnswerSync({
      attemptId: "a1",
      queue: new AnswerQueue("a1", memoryStorage()),
      send: send as never,
      times,
      onRejected,
    });
    times.show("q9");
    clock.advance(2_000);
    await sync.flush();
    expect(onRejected).not.toHaveBeenCalled();
    expect(times.pending()).toEqual([]);
  });
});
