import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "./app-error.ts";
import type { AppEnv } from "./context.ts";
import { requireRole } from "./guards.ts";
import { validate } from "./validate.ts";

/**
 * The server's test clock (decision 049): the wall clock plus an offset that an end-to-end run
 * moves, so a journey through a live test (opens in ten minutes, staggered entry, the close,
 * publication) never waits on real time. The server reads its time through `now()` wherever a
 * rule depends on it (AppDeps.now, the sweeper); only `src/server/index.ts` makes a test clock,
 * and only with TEST_CLOCK=1 and NODE_ENV=test (env.ts).
 */
export type TestClock = {
  now: () => Date;
  offsetMs: () => number;
  setOffsetMs: (ms: number) => void;
  /** The offset that makes `now()` read `at` at this moment. */
  offsetTo: (at: Date) => number;
};

export function createTestClock(wall: () => number = Date.now): TestClock {
  let offset = 0;
  return {
    now: () => new Date(wall() + offset),
    offsetMs: () => offset,
    setOffsetMs: (ms) => {
      offset = ms;
    },
    offsetTo: (at) => at.getTime() - wall(),
  };
}

/** What `POST /api/test/clock` needs: the clock, and one sweep tick (grading, publication). */
export type TestClockDeps = {
  clock: TestClock;
  /** One round of the sweeper's grading and publication at `now`, with what it did. */
  tick: (now: Date) => Promise<Record<string, number>>;
};

/** A year either way: far more than any journey moves, and no Date overflow. */
const MAX_OFFSET_MS = 366 * 24 * 3600 * 1000;

const clockInputSchema = z
  .object({
    /** Sets the clock to this instant (the offset is taken from the wall clock now). */
    advanceToIso: z.iso.datetime({ offset: true }).optional(),
    /** Sets the offset itself; 0 puts the server back on the wall clock. */
    offsetMs: z.number().int().min(-MAX_OFFSET_MS).max(MAX_OFFSET_MS).optional(),
  })
  .strict()
  .refine((v) => (v.advanceToIso === undefined) !== (v.offsetMs === undefined), {
    message: "Send advanceToIso or offsetMs.",
  });

/**
 * `POST /api/test/clock` (admins, end-to-end runs only): sets the clock's offset, then runs one
 * sweep tick at the new time before answering, so what the sweeper would do there (grade the
 * attempts past their deadline, publish the live tests that are due) is done when the journey
 * reads the next page. `afterTick` drops what the instance cached from before the jump.
 */
export function createTestClockRoutes(deps: TestClockDeps & { afterTick?: () => void }) {
  return new Hono<AppEnv>().post(
    "/clock",
    requireRole("admin"),
    validate("json", clockInputSchema),
    async (c) => {
      const input = c.req.valid("json");
      const offset =
        input.advanceToIso === undefined
          ? (input.offsetMs ?? 0)
          : deps.clock.offsetTo(new Date(input.advanceToIso));
      if (Math.abs(offset) > MAX_OFFSET_MS)
        throw new AppError("VALIDATION_FAILED", "The clock moves at most a year.");
      deps.clock.setOffsetMs(offset);
      const now = deps.clock.now();
      const tick = await deps.tick(now);
      deps.afterTick?.();
      return c.json({ now: now.toISOString(), offsetMs: offset, tick });
    },
  );
}
