import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAdmission } from "./admission.ts";
import type { AppEnv } from "./context.ts";
import { errorResponse } from "./error-answer.ts";
import { createLogger } from "./logger.ts";

/** An app whose one route waits until the test releases it, behind the admission queue. */
function gatedApp(options: { concurrency: number; maxQueue: number; maxWaitMs: number }) {
  const admission = createAdmission({ ...options, retryAfterSeconds: 2, busyMessage: "Busy." });
  const releases: (() => void)[] = [];
  let started = 0;
  const app = new Hono<AppEnv>()
    .post("/start", admission.middleware, async (c) => {
      started += 1;
      await new Promise<void>((resolve) => releases.push(resolve));
      return c.json({ ok: true });
    })
    // The app's own mapping, which sends the refusal's Retry-After.
    .onError((error, c) => errorResponse(c, error, { logger: createLogger("silent") }));
  return { app, admission, releases, started: () => started };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("admission queue", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("runs at most `concurrency` at once, lets the rest wait in order, and refuses beyond the queue", async () => {
    const { app, admission, releases, started } = gatedApp({
      concurrency: 2,
      maxQueue: 2,
      maxWaitMs: 10_000,
    });
    const responses = Array.from({ length: 5 }, () => app.request("/start", { method: "POST" }));
    await flush();
    expect(started()).toBe(2);
    expect(admission.stats()).toMatchObject({ running: 2, waiting: 2 });
    const refused = await responses[4];
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get("Retry-After")).toBe("2");

    releases.shift()?.();
    await flush();
    expect(started()).toBe(3);
    expect((await responses[0])?.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      releases.shift()?.();
      await flush();
    }
    expect(started()).toBe(4);
    for (const r of responses.slice(1, 4)) expect((await r)?.status).toBe(200);
    expect(admission.stats()).toEqual({ running: 0, waiting: 0, refused: 1, admitted: 4 });
  });

  it("refuses a request that waited longer than maxWaitMs, and lets the next one in", async () => {
    const { app, admission, releases } = gatedApp({
      concurrency: 1,
      maxQueue: 10,
      maxWaitMs: 5_000,
    });
    const first = app.request("/start", { method: "POST" });
    const second = app.request("/start", { method: "POST" });
    await flush();
    await vi.advanceTimersByTimeAsync(5_001);
    expect((await second).status).toBe(503);
    expect(admission.stats().waiting).toBe(0);
    const third = app.request("/start", { method: "POST" });
    releases.shift()?.();
    await flush();
    expect((await first).status).toBe(200);
    releases.shift()?.();
    expect((await third).status).toBe(200);
  });
});
