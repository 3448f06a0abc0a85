import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountdown } from "../lib/use-countdown.ts";
import { ExamTimer } from "./exam-timer.tsx";

const START = new Date("2026-12-01T10:00:00Z").getTime();

/** The attempt bar's timer counting down to a deadline `seconds` from now, as the runner does. */
function Countdown({ seconds, extraSeconds }: { seconds: number; extraSeconds?: number }) {
  const left = useCountdown(new Date(START + seconds * 1000).toISOString(), 0);
  return left === null ? null : <ExamTimer secondsLeft={left} extraSeconds={extraSeconds} />;
}

describe("ExamTimer for screen readers", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  const advance = (seconds: number) => act(() => vi.advanceTimersByTime(seconds * 1000));
  /** The polite live region beside the timer. */
  const status = () => {
    const region = document.querySelector("[data-timer-announcement]");
    if (!region) throw new Error("no announcement region");
    expect(region).toHaveAttribute("aria-live", "polite");
    return region;
  };

  it("announces at 10, 5 and 1 minutes left only, while the visible time ticks every second", () => {
    render(<Countdown seconds={11 * 60} />);
    const timer = screen.getByRole("timer");
    // The countdown itself is not live, and its name does not change every second.
    expect(timer).not.toHaveAttribute("aria-live", "polite");
    expect(timer).toHaveAccessibleName("Time left");
    expect(timer).toHaveTextContent("11:00");
    expect(status()).toHaveTextContent("");

    advance(59);
    expect(timer).toHaveTextContent("10:01");
    expect(status()).toHaveTextContent("");
    advance(1);
    expect(status()).toHaveTextContent("10 minutes left");
    const messages = new Set<string>();
    for (let i = 0; i < 5 * 60 - 1; i += 1) {
      advance(1);
      messages.add(status().textContent ?? "");
    }
    // Between 10 and 5 minutes nothing new is said.
    expect([...messages]).toEqual(["10 minutes left"]);
    advance(1);
    expect(timer).toHaveTextContent("5:00");
    expect(timer).toHaveAccessibleName("Time left");
    expect(status()).toHaveTextContent("5 minutes left");
    advance(4 * 60);
    expect(status()).toHaveTextContent("1 minute left");
    advance(60);
    expect(timer).toHaveTextContent("0:00");
    expect(status()).toHaveTextContent("1 minute left");
  });

  it("says nothing for a threshold already passed when it appears (a resumed attempt)", () => {
    render(<Countdown seconds={4 * 60} />);
    expect(status()).toHaveTextContent("");
    advance(2 * 60);
    expect(status()).toHaveTextContent("");
    advance(60);
    expect(status()).toHaveTextContent("1 minute left");
  });

  it("notes the extra time the deadline includes", () => {
    render(<Countdown seconds={3600} extraSeconds={1200} />);
    expect(screen.getByText("includes 20 min extra time")).toBeInTheDocument();
  });
});
