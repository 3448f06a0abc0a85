import { describe, expect, it } from "vitest";
import { loadEnv } from "../env.ts";
import { createTestClock } from "./test-clock.ts";

describe("the test clock (decision 049)", () => {
  it("reads the wall clock plus its offset, and moves to an instant", () => {
    let wall = Date.UTC(2030, 0, 1, 4, 30);
    const clock = createTestClock(() => wall);
    expect(clock.now().getTime()).toBe(wall);
    clock.setOffsetMs(10 * 60_000);
    expect(clock.now().getTime()).toBe(wall + 10 * 60_000);
    // It keeps running with the wall clock.
    wall += 1_000;
    expect(clock.now().getTime()).toBe(wall + 10 * 60_000);
    const target = new Date(Date.UTC(2030, 0, 1, 5, 0));
    clock.setOffsetMs(clock.offsetTo(target));
    expect(clock.now()).toEqual(target);
    clock.setOffsetMs(0);
    expect(clock.now().getTime()).toBe(wall);
  });

  it("is on only with TEST_CLOCK=1 in a test run (NODE_ENV=test), never because NODE_ENV is unset", () => {
    const base = { DATA_DIR: "/tmp/test-clock-env" };
    expect(loadEnv({ ...base }).testClock).toBe(false);
    expect(loadEnv({ ...base, TEST_CLOCK: "0", NODE_ENV: "test" }).testClock).toBe(false);
    // `npm start` with TEST_CLOCK=1 alone (NODE_ENV unset or development): no clock.
    expect(loadEnv({ ...base, TEST_CLOCK: "1" }).testClock).toBe(false);
    expect(loadEnv({ ...base, TEST_CLOCK: "1", NODE_ENV: "development" }).testClock).toBe(false);
    expect(loadEnv({ ...base, TEST_CLOCK: "1", NODE_ENV: "test" }).testClock).toBe(true);
    expect(loadEnv({ ...base, TEST_CLOCK: "1", NODE_ENV: "production" }).testClock).toBe(false);
    expect(() => loadEnv({ ...base, TEST_CLOCK: "yes" })).toThrow(/TEST_CLOCK/);
  });
});
