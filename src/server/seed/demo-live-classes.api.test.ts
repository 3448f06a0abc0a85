import { describe, expect, it } from "vitest";
import { liveClasses } from "../db/schema/live-classes.ts";
import { setupTestApp } from "../test/test-app.ts";
import { seedDemo } from "./demo.ts";
import { DEMO_LIVE_CLASSES } from "./demo-live-classes.ts";

const { t } = setupTestApp();

describe("the demo live classes (decision 043)", () => {
  it("are seeded once, tagged, around the seeding time: three to come and one with a recording", async () => {
    await seedDemo(t.db);
    await seedDemo(t.db);
    const rows = await t.db.select().from(liveClasses);
    expect(rows).toHaveLength(DEMO_LIVE_CLASSES.length);
    expect(rows.every((r) => r.subjectId !== null)).toBe(true);
    const upcoming = (await (await t.request("/api/live-classes")).json()) as {
      items: { title: string; locked: boolean }[];
    };
    expect(upcoming.items.map((c) => c.title)).toEqual(
      DEMO_LIVE_CLASSES.filter((c) => c.hoursFromSeed > 0).map((c) => c.title),
    );
    expect(upcoming.items.find((c) => c.title.startsWith("Union Budget"))?.locked).toBe(true);
    const past = (await (await t.request("/api/live-classes?when=past")).json()) as {
      items: { hasRecording: boolean }[];
    };
    expect(past.items).toEqual([expect.objectContaining({ hasRecording: true })]);
  });
});
