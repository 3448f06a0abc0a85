import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SITE_SETTINGS_ID, siteSettings } from "../db/schema/content.ts";
import { exams } from "../db/schema/exams.ts";
import { setupTestApp } from "../test/test-app.ts";
import { seedDemo } from "./demo.ts";
import { DEMO_PLANS } from "./demo-content.ts";
import { nextPrelimsDate } from "./upsc-calendar.ts";

const { t } = setupTestApp();

const readExamDate = async () =>
  (await t.db.select().from(siteSettings).where(eq(siteSettings.id, SITE_SETTINGS_ID)))[0]
    ?.examDate;

describe("the demo data is honest", () => {
  it("counts down to the next real Prelims, keeps an admin's future date, moves a past one", async () => {
    await seedDemo(t.db);
    const next = nextPrelimsDate(new Date());
    expect(await readExamDate()).toBe(next);
    expect(next >= new Date().toISOString().slice(0, 10)).toBe(true);

    await t.db.update(siteSettings).set({ examDate: "2099-06-01" });
    await seedDemo(t.db);
    expect(await readExamDate()).toBe("2099-06-01");

    await t.db.update(siteSettings).set({ examDate: "2025-05-25" });
    await seedDemo(t.db);
    expect(await readExamDate()).toBe(next);
  });

  it("gives the demo exams realistic cut-offs, never the 70% default", async () => {
    await seedDemo(t.db);
    const rows = await t.db.select({ title: exams.title, cutOff: exams.passingMarks }).from(exams);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.cutOff, row.title).toBeGreaterThanOrEqual(33);
      expect(row.cutOff, row.title).toBeLessThanOrEqual(50);
    }
    const gsMock = rows.find((r) => r.title.startsWith("UPSC Prelims Mock Test 1"));
    const csat = rows.find((r) => r.title.startsWith("CSAT"));
    expect(gsMock?.cutOff).toBe(40);
    expect(csat?.cutOff).toBe(33);
  });

  it("plans promise nothing the product lacks and repeat no limit as a feature", () => {
    const absent = /notes|video|mentor|live class|evaluat|unlimited|\d+ mock tests/i;
    for (const plan of DEMO_PLANS) {
      expect(plan.features.length).toBeGreaterThan(0);
      for (const feature of plan.features) expect(feature, plan.name).not.toMatch(absent);
    }
  });
});
