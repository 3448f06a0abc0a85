import { describe, expect, it } from "vitest";
import { clockOffsetMs, formatCountdown, isWarningTime, remainingSeconds } from "./clock.ts";

describe("deadline math", () => {
  it("counts down to the server's deadline whatever the device clock says", () => {
    // The device clock runs 90 s behind the server.
    const received = Date.parse("2026-11-21T10:00:00.000Z");
    const offset = clockOffsetMs("2026-11-21T10:01:30.000Z", received);
    expect(offset).toBe(90_000);
    expect(remainingSeconds("2026-11-21T10:11:30.000Z", offset, received)).toBe(600);
    expect(remainingSeconds("2026-11-21T10:11:30.000Z", offset, received + 599_500)).toBe(1);
    expect(remainingSeconds("2026-11-21T10:11:30.000Z", offset, received + 600_000)).toBe(0);
    expect(remainingSeconds("2026-11-21T10:11:30.000Z", offset, received + 900_000)).toBe(0);
  });

  it("formats minutes and hours", () => {
    expect(formatCountdown(3600)).toBe("1:00:00");
    expect(formatCountdown(3599)).toBe("59:59");
    expect(formatCountdown(65)).toBe("1:05");
    expect(formatCountdown(0)).toBe("0:00");
  });

  it("warns at 60 seconds or less", () => {
    expect(isWarningTime(61)).toBe(false);
    expect(isWarningTime(60)).toBe(true);
    expect(isWarningTime(0)).toBe(true);
  });
});
