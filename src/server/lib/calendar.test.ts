import { describe, expect, it } from "vitest";
import { indiaMonthRange, isValidTimeZone, localDate, publicationDay } from "./calendar.ts";

describe("time zones", () => {
  it("reads the local date in the student's zone", () => {
    const at = new Date("2026-11-20T20:00:00Z");
    expect(localDate(at, "Asia/Kolkata")).toBe("2026-11-21");
    expect(localDate(at, "UTC")).toBe("2026-11-20");
    expect(isValidTimeZone("Asia/Kolkata")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
  });

  it("counts publication days in India's calendar", () => {
    expect(publicationDay(new Date("2026-11-20T18:29:59Z"))).toBe("2026-11-20");
    expect(publicationDay(new Date("2026-11-20T18:30:00Z"))).toBe("2026-11-21");
  });
});

describe("indiaMonthRange", () => {
  it("starts the month at midnight in India, not UTC", () => {
    // 31 Jan 20:00 UTC is 1 Feb 01:30 in India: February.
    const range = indiaMonthRange(new Date("2026-01-31T20:00:00Z"));
    expect(range.start.toISOString()).toBe("2026-01-31T18:30:00.000Z");
    expect(range.end.toISOString()).toBe("2026-02-28T18:30:00.000Z");
    // December rolls into the next year.
    const december = indiaMonthRange(new Date("2026-12-15T00:00:00Z"));
    expect(december.end.toISOString()).toBe("2026-12-31T18:30:00.000Z");
  });
});
