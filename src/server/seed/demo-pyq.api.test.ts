import { describe, expect, it } from "vitest";
import { getPyqFilters, getPyqTrend, listPyqQuestions } from "../modules/pyq/pyq.service.ts";
import { setupTestApp } from "../test/test-app.ts";
import { seedDemo } from "./demo.ts";

const { t, student } = setupTestApp({ users: { student: "student" } });

describe("the demo's previous-year questions", () => {
  it("span several subjects, topics and years, with topics asked in more than one year and a premium paper", async () => {
    await seedDemo(t.db);
    const filters = await getPyqFilters(t.db);
    expect(filters.years).toEqual([2025, 2024, 2023, 2022, 2021]);
    expect(filters.subjects.length).toBeGreaterThanOrEqual(5);
    expect(filters.subjects.map((s) => s.name)).toEqual(
      expect.arrayContaining(["Polity", "History", "Geography", "Economy", "Environment"]),
    );

    // The trend aspirants read: some topics drew questions in three years or more.
    const none = { subjectId: [], topicId: [] };
    const polity = filters.subjects.find((s) => s.name === "Polity");
    const trend = await getPyqTrend(t.db, { filter: { ...none, subjectId: [polity?.id ?? ""] } });
    const parliament = trend.rows.find((r) => r.name === "Parliament");
    expect(parliament?.counts.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
    const bySubject = await getPyqTrend(t.db, { filter: none });
    const spread = bySubject.rows.filter((r) => r.counts.filter((n) => n > 0).length >= 2);
    expect(spread.length).toBeGreaterThanOrEqual(4);

    // A student without a plan is told about the premium paper's questions.
    const page = await listPyqQuestions(t.db, {
      viewer: { userId: student.id, role: "student" },
      query: { ...none, page: 1, pageSize: 100 },
    });
    expect(page.premiumHidden).toBe(6);
    expect(page.total).toBe(filters.total - 6);
    expect(page.items.some((q) => q.translations.hi)).toBe(true);
  });
});
