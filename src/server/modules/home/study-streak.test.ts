import { describe, expect, it } from "vitest";
import { streakMessage } from "../../../shared/home.ts";
import { currentRunOfDays } from "./study-streak.ts";

describe("currentRunOfDays", () => {
  it("counts back from today", () => {
    expect(
      currentRunOfDays(["2026-11-21", "2026-11-20", "2026-11-19", "2026-11-17"], "2026-11-21"),
    ).toBe(3);
  });
  it("keeps yesterday's run alive until today ends", () => {
    expect(currentRunOfDays(["2026-11-20", "2026-11-19"], "2026-11-21")).toBe(2);
  });
  it("is zero after a missed day, and crosses month ends", () => {
    expect(currentRunOfDays(["2026-11-18"], "2026-11-21")).toBe(0);
    expect(currentRunOfDays(["2026-03-01", "2026-02-28"], "2026-03-01")).toBe(2);
  });
});

describe("streakMessage", () => {
  it("uses the spec's two messages", () => {
    expect(streakMessage(7, 10)).toBe("Keep going! Just 3 hours more...");
    expect(streakMessage(7.25, 10)).toBe("Keep going! Just 2.8 hours more...");
    expect(streakMessage(10, 10)).toBe("Amazing! You've hit your daily goal!");
    expect(streakMessage(11, 10)).toBe("Amazing! You've hit your daily goal!");
  });
});
