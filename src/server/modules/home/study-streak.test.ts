import { describe, expect, it } from "vitest";
import { streakMessage } from "../../../shared/home.ts";
import { currentRunOfDays, isValidTimeZone, localDate } from "./study-streak.ts";

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

describe("time zones", () => {
  it("reads the local date in the student's zone", () => {
    const at = new Date("2026-11-20T20:00:00Z");
    expect(localDate(at, "Asia/Kolkata")).toBe("2026-11-21");
    expect(localDate(at, "UTC")).toBe("2026-11-20");
    expect(isValidTimeZone("Asia/Kolkata")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
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
