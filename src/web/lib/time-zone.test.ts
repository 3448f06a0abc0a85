import { afterEach, describe, expect, it, vi } from "vitest";
import { keepsIndiaTime } from "./time-zone.ts";

describe("keepsIndiaTime", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is true on India's clock (UTC+5:30 all year)", () => {
    vi.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(-330);
    expect(keepsIndiaTime()).toBe(true);
  });

  it("is false elsewhere, and in a zone at +5:30 for only part of the year", () => {
    vi.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(0);
    expect(keepsIndiaTime()).toBe(false);
    vi.restoreAllMocks();
    const offsets = [-330, -270];
    vi.spyOn(Date.prototype, "getTimezoneOffset").mockImplementation(() => offsets.shift() ?? 0);
    expect(keepsIndiaTime()).toBe(false);
  });
});
