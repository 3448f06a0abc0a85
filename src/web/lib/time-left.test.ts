import { describe, expect, it } from "vitest";
import { formatHours, formatSpan, formatTimeLeft, secondsUntil } from "./time-left.ts";

describe("time left against the turnaround", () => {
  it("reads days and hours, hours, or minutes", () => {
    expect(formatSpan((2 * 24 + 3) * 3600 + 59)).toBe("2 days 3 h");
    expect(formatSpan(24 * 3600)).toBe("1 day");
    expect(formatSpan(24 * 3600 + 3600)).toBe("1 day 1 h");
    expect(formatSpan(5 * 3600)).toBe("5 h");
    expect(formatSpan(45 * 60)).toBe("45 min");
    expect(formatSpan(10)).toBe("1 min");
  });

  it("says due or overdue", () => {
    expect(formatTimeLeft((2 * 24 + 3) * 3600)).toBe("Due in 2 days 3 h");
    expect(formatTimeLeft(-5 * 3600 - 20)).toBe("Overdue by 5 h");
    expect(formatTimeLeft(null)).toBe("—");
  });

  it("counts seconds to a date and shows hours", () => {
    const now = Date.parse("2026-11-20T04:00:00.000Z");
    expect(secondsUntil("2026-11-20T05:00:00.000Z", now)).toBe(3600);
    expect(secondsUntil(null, now)).toBeNull();
    expect(formatHours(31.54)).toBe("31.5 h");
    expect(formatHours(null)).toBe("—");
  });
});
