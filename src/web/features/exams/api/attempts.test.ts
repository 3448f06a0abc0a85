import { ApiError, REQUEST_TIMEOUT_MS } from "@web/lib/api.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnswerQueue, type PendingAnswer } from "../lib/answer-queue.ts";
import { AnswerSync } from "../lib/answer-sync.ts";
import { saveAnswers, submitAttempt } from "./attempts.ts";

/** A fetch that never answers: it settles only if its signal aborts (a hung mobile request). */
function hangingFetch() {
  const signals: AbortSignal[] = [];
  const fetch = vi.fn((_url: unknown, init?: RequestInit) => {
    const signal = init?.signal;
    if (signal) signals.push(signal);
    return new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener("abort", () =>
        reject(new DOMException("The operation was aborted.", "AbortError")),
      );
    });
  });
  return { fetch, signals };
}

const answer: PendingAnswer = {
  questionId: "q1",
  selectedAnswer: "B",
  markedForReview: false,
  clientSeq: 1,
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("save and submit requests that never settle", () => {
  it("a hung save fails as a network error after REQUEST_TIMEOUT_MS, not before", async () => {
    const { fetch, signals } = hangingFetch();
    vi.stubGlobal("fetch", fetch);
    let outcome: unknown = "pending";
    const saving = saveAnswers("a1", [answer]).then(
      () => "resolved",
      (error: unknown) => error,
    );
    void saving.then((value) => {
      outcome = value;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(outcome).toBe("pending");
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await saving;
    expect(signals[0]?.aborted).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).code).toBe("NETWORK");
  });

  it("a hung submit fails the same way", async () => {
    vi.stubGlobal("fetch", hangingFetch().fetch);
    const submitting = submitAttempt("a1").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = await submitting;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });

  it("a save answered in time leaves no timer behind", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ rejected: [] })),
    );
    await expect(saveAnswers("a1", [answer])).resolves.toEqual({ rejected: [] });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("AnswerSync is no longer held by a hung save: it retries and the answer is saved", async () => {
    let hang = true;
    const fetch = vi.fn((_url: unknown, init?: RequestInit) =>
      hang
        ? new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener("abort", () =>
              reject(new DOMException("The operation was aborted.", "AbortError")),
            );
          })
        : Promise.resolve(Response.json({ rejected: [] })),
    );
    vi.stubGlobal("fetch", fetch);
    const sync = new AnswerSync({
      attemptId: "a1",
      queue: new AnswerQueue("a1", null),
      send: saveAnswers,
      onRejected: () => {},
      random: () => 0.5,
    });
    sync.record(answer);
    expect(sync.status).toBe("saving");
    hang = false;
    // The hung request is cut off, then the backoff's first retry (2 s) sends it again.
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(sync.status).toBe("offline");
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(sync.status).toBe("saved");
    expect(sync.pending()).toEqual([]);
  });
});
