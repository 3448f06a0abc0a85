import { describe, expect, it } from "vitest";
import { formatInProgress, formatScorePercent } from "./format.ts";

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

describe("formatScorePercent", () => {
  it("gives the toast, summary and review one format, and the results list a whole percent", () => {
    expect(formatScorePercent(66.666)).toBe("66.67%");
    expect(formatScorePercent(100)).toBe("100.00%");
    expect(formatScorePercent(null)).toBe("0.00%");
    expect(formatScorePercent(66.67, true)).toBe("67%");
  });
});
