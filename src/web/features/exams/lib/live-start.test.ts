import { ApiError } from "@web/lib/api.ts";
import { describe, expect, it, vi } from "vitest";
import { LIVE_START_TRIES, startWithRetry } from "./live-start.ts";

const busy = () => new ApiError(503, "UNAVAILABLE", "Many students are starting right now.");

describe("startWithRetry (a live test's Start under load)", () => {
  it("tries again after a busy refusal, with jittered waits, until admitted", async () => {
    const start = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(busy())
      .mockRejectedValueOnce(new ApiError(0, "NETWORK", "offline"))
      .mockResolvedValueOnce("attempt");
    const waits: number[] = [];
    const result = await startWithRetry(start, {
      wait: async (ms) => void waits.push(ms),
      random: () => 0,
    });
    expect(result).toBe("attempt");
    expect(start).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1500, 2250]);
  });

  it("does not retry a refusal that is not about load", async () => {
    const refused = new ApiError(409, "CONFLICT", "You have already taken this live test.");
    const start = vi.fn<() => Promise<string>>().mockRejectedValue(refused);
    await expect(startWithRetry(start, { wait: async () => {} })).rejects.toBe(refused);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("gives up after the last try and reports every busy refusal", async () => {
    const start = vi.fn<() => Promise<string>>().mockRejectedValue(busy());
    const onBusy = vi.fn();
    await expect(startWithRetry(start, { wait: async () => {}, onBusy })).rejects.toThrow(
      "Many students",
    );
    expect(start).toHaveBeenCalledTimes(LIVE_START_TRIES);
    expect(onBusy).toHaveBeenCalledTimes(LIVE_START_TRIES - 1);
  });
});
