import { describe, expect, it } from "vitest";
import { formatInProgress } from "./format.ts";

describe("formatInProgress", () => {
  it("counts whole minutes left, rounding up", () => {
    expect(formatInProgress(23 * 60)).toBe("In progress · 23 min left");
    expect(formatInProgress(22 * 60 + 1)).toBe("In progress · 23 min left");
    expect(formatInProgress(5)).toBe("In progress · 1 min left");
  });

  it("says time is up rather than counting into the past", () => {
    expect(formatInProgress(0)).toBe("In progress · time is up");
    expect(formatInProgress(-30)).toBe("In progress · time is up");
  });
});
