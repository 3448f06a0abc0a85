import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { mainsBooklets } from "../../db/schema/mains-booklets.ts";
import { mainsSeries, mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { paperMaxMarks } from "./results-student.ts";

export type GetMainsProgressInput = { userId: string };

/** How a series went: the percentile's change from the first test to the latest. */
export function trendOf(percentiles: number[]) {
  const first = percentiles[0];
  const last = percentiles[percentiles.length - 1];
  if (first === undefined || last === undefined || percentiles.length < 2) {
    return { change: null, direction: null };
  }
  const change = Math.round((last - first) * 100) / 100;
  return { change, direction: change > 0 ? "up" : change < 0 ? "down" : "flat" } as const;
}

/**
 * The student's Mains tests with published results they were ranked in (decision 063), oldest
 * first: marks of the maximum, rank of how many and percentile; and per series the tests' points
 * with the trend. Reads the student's booklets (`mains_booklets_user_idx`) and, per test taken,
 * the ranked count on the rank index.
 */
export async function getMainsProgress(db: DbOrTx, { userId }: GetMainsProgressInput) {
  const rows = await db
    .select({
      testId: mainsTests.id,
      title: mainsTests.title,
      titleHi: mainsTests.titleHi,
      opensAt: mainsTests.opensAt,
      paper: mainsTests.paper,
      sectionChoose: mainsTests.sectionChoose,
      seriesId: mainsTests.seriesId,
      seriesTitle: mainsSeries.title,
      seriesTitleHi: mainsSeries.titleHi,
      total: mainsBooklets.totalMarks,
      rank: mainsBooklets.rank,
      percentile: mainsBooklets.percentile,
    })
    .from(mainsBooklets)
    .innerJoin(mainsTests, eq(mainsTests.id, mainsBooklets.testId))
    .leftJoin(mainsSeries, eq(mainsSeries.id, mainsTests.seriesId))
    .where(
      and(
        eq(mainsBooklets.userId, userId),
        sql`${mainsBooklets.rank} is not null`,
        sql`${mainsTests.resultsPublishedAt} is not null`,
      ),
    )
    .orderBy(asc(mainsTests.opensAt), asc(mainsTests.id));
  if (rows.length === 0) return { tests: [], series: [] };
  const ids = rows.map((r) => r.testId);
  const [counts, questions] = await Promise.all([
    db
      .select({ testId: mainsBooklets.testId, n: sql<number>`count(*)::int` })
      .from(mainsBooklets)
      .where(and(inArray(mainsBooklets.testId, ids), sql`${mainsBooklets.rank} is not null`))
      .groupBy(mainsBooklets.testId),
    db
      .select({
        testId: mainsTestQuestions.testId,
        section: mainsTestQuestions.section,
        marks: mainsTestQuestions.marks,
      })
      .from(mainsTestQuestions)
      .where(inArray(mainsTestQuestions.testId, ids)),
  ]);
  const rankedOf = new Map(counts.map((c) => [c.testId, c.n]));
  const tests = rows.map((r) => {
    const maxMarks = paperMaxMarks(
      questions.filter((q) => q.testId === r.testId),
      r.sectionChoose,
    );
    const marks = Number(r.total ?? 0);
    return {
      testId: r.testId,
      title: r.title,
      titleHi: r.titleHi,
      paper: r.paper,
      date: r.opensAt.toISOString(),
      seriesId: r.seriesId,
      marks,
      maxMarks,
      scorePercent: maxMarks > 0 ? Math.round((marks / maxMarks) * 10_000) / 100 : 0,
      rank: r.rank ?? 0,
      of: rankedOf.get(r.testId) ?? 0,
      percentile: Number(r.percentile ?? 0),
    };
  });
  const seriesOrder: (string | null)[] = [...new Set(rows.map((r) => r.seriesId))];
  const series = seriesOrder.map((seriesId) => {
    const first = rows.find((r) => r.seriesId === seriesId);
    const points = tests.filter((t) => t.seriesId === seriesId);
    return {
      seriesId,
      title: first?.seriesTitle ?? null,
      titleHi: first?.seriesTitleHi ?? null,
      points: points.map((p) => ({
        testId: p.testId,
        title: p.title,
        titleHi: p.titleHi,
        date: p.date,
        percentile: p.percentile,
        scorePercent: p.scorePercent,
      })),
      ...trendOf(points.map((p) => p.percentile)),
    };
  });
  return { tests, series };
}
