import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, indiaToday } from "./home.ts";

describe("indiaToday", () => {
  it("turns at midnight in India (18:30 UTC), whatever the machine's zone", () => {
    expect(indiaToday(new Date("2026-11-28T18:29:59.999Z"))).toBe("2026-11-28");
    expect(indiaToday(new Date("2026-11-28T18:30:00Z"))).toBe("2026-11-29");
    expect(indiaToday(new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-01");
  });

  it("is the day Intl gives in India's zone", () => {
    const india = new Intl.DateTimeFormat("en-CA", { timeZone: DEFAULT_TIME_ZONE });
    for (let hour = 0; hour < 48; hour += 1) {
      const at = new Date(Date.UTC(2026, 2, 30, hour, 17));
      expect(indiaToday(at)).toBe(india.format(at));
    }
  });
});
