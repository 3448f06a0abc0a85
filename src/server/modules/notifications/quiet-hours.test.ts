import { describe, expect, it } from "vitest";
import {
  endOfIndiaDay,
  indiaHour,
  isQuietTime,
  nextMorning,
  tomorrowMorning,
} from "./quiet-hours.ts";

// 2025-06-10 00:00 India time is 2025-06-09T18:30Z.
const india = (hhmm: string, day = "10") => new Date(`2025-06-${day}T${hhmm}:00+05:30`);

describe("quiet hours (India time)", () => {
  it("are 22:00 up to 07:00, whatever the server's zone", () => {
    expect(indiaHour(india("21:59"))).toBe(21);
    expect(isQuietTime(india("21:59"))).toBe(false);
    expect(isQuietTime(india("22:00"))).toBe(true);
    expect(isQuietTime(india("00:30"))).toBe(true);
    expect(isQuietTime(india("06:59"))).toBe(true);
    expect(isQuietTime(india("07:00"))).toBe(false);
  });

  it("end at the next 07:00: the same morning after midnight, the next one before it", () => {
    expect(nextMorning(india("23:10")).toISOString()).toBe(india("07:00", "11").toISOString());
    expect(nextMorning(india("02:00")).toISOString()).toBe(india("07:00").toISOString());
    expect(tomorrowMorning(india("09:00")).toISOString()).toBe(india("07:00", "11").toISOString());
  });

  it("give the end of the India day at its midnight, not UTC's", () => {
    expect(endOfIndiaDay(india("05:00")).toISOString()).toBe("2025-06-10T18:30:00.000Z");
    expect(endOfIndiaDay(india("23:59")).toISOString()).toBe("2025-06-10T18:30:00.000Z");
  });
});
