import { describe, expect, it } from "vitest";
import { isValidTimeZone, localDate, publicationDay } from "./calendar.ts";

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
