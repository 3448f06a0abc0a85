import { act, render, renderHook, screen } from "@testing-library/react";
import { ApiError } from "@web/lib/api.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveAnswers } from "../api/attempts.ts";
import { SyncIndicator } from "../components/sync-indicator.tsx";
import { useAnswerSync } from "./use-answer-sync.ts";

vi.mock("../api/attempts.ts", () => ({ saveAnswers: vi.fn() }));
const save = vi.mocked(saveAnswers);

const MAINTENANCE_TEXT =
  "The site is under maintenance. Your answers are kept on this device and will be sent when it is back";

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
  save.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

const answer = {
  questionId: "q1",
  selectedAnswer: "A" as const,
  markedForReview: false,
  clientSeq: 1,
};

describe("useAnswerSync during maintenance", () => {
  it("says the site is under maintenance (not offline), keeps the answer and sends it later", async () => {
    save.mockRejectedValueOnce(new ApiError(503, "MAINTENANCE", "The site is under maintenance."));
    save.mockResolvedValueOnce({ saved: 1, rejected: [] } as never);
    const { result } = renderHook(() => useAnswerSync("attempt-1", vi.fn()));
    await act(async () => {
      result.current.record(answer);
    });
    expect(result.current.status).toBe("maintenance");
    expect(result.current.pending()).toEqual([answer]);
    expect(window.localStorage.getItem("exam-answers:attempt-1")).toContain("q1");

    // The backoff timer replays the queue (2 s, jittered up to 25% either way); the site is back.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    expect(save).toHaveBeenCalledTimes(2);
    expect(result.current.status).toBe("saved");
    expect(result.current.pending()).toEqual([]);
  });

  it("still says offline when the network drops", async () => {
    save.mockRejectedValueOnce(new ApiError(0, "NETWORK", "Failed to fetch"));
    const { result } = renderHook(() => useAnswerSync("attempt-2", vi.fn()));
    await act(async () => {
      result.current.record(answer);
    });
    expect(result.current.status).toBe("offline");
  });
});

describe("SyncIndicator", () => {
  it("shows the maintenance wording", () => {
    render(<SyncIndicator status="maintenance" />);
    expect(screen.getByRole("status")).toHaveTextContent(MAINTENANCE_TEXT);
    expect(screen.queryByText(/Offline/)).toBeNull();
  });
});
