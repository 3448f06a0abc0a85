import { describe, expect, it } from "vitest";
import { nextPrelimsDate } from "./upsc-calendar.ts";

describe("nextPrelimsDate", () => {
  it("takes the next announced Prelims from the seeding day (India's calendar)", () => {
    expect(nextPrelimsDate(new Date("2025-01-10T00:00:00Z"))).toBe("2025-05-25");
    expect(nextPrelimsDate(new Date("2025-05-25T12:00:00Z"))).toBe("2025-05-25");
    expect(nextPrelimsDate(new Date("2025-05-26T00:00:00Z"))).toBe("2026-05-24");
    expect(nextPrelimsDate(new Date("2026-11-24T04:00:00Z"))).toBe("2027-05-23");
    // 19:00 UTC on 24 May is already 25 May in India: the 2026 paper is over.
    expect(nextPrelimsDate(new Date("2026-05-24T19:00:00Z"))).toBe("2027-05-23");
  });

  it("past the announced calendars, falls back to the fourth Sunday of May", () => {
    expect(nextPrelimsDate(new Date("2027-06-01T00:00:00Z"))).toBe("2028-05-28");
    expect(nextPrelimsDate(new Date("2029-01-01T00:00:00Z"))).toBe("2029-05-27");
    expect(nextPrelimsDate(new Date("2029-05-28T00:00:00Z"))).toBe("2030-05-26");
  });
});
