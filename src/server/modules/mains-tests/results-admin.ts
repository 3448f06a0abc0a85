import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import { MAINS_TEST_MESSAGES } from "../../../shared/mains-test-messages.ts";
import type { SearchPageQuery } from "../../../shared/pagination.ts";
import type { DbOrTx } from "../../db/client.ts";
import { mainsBooklets } from "../../db/schema/mains-booklets.ts";
import { mainsTests } from "../../db/schema/mains-tests.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import { countBooklets, publishRefusal } from "./results.ts";

export type GetAdminResultsInput = { testId: string; query: SearchPageQuery; now: Date };

/**
 * A test's results desk for admins (decision 063): the booklets by status, whether it can be
 * published now (and if not, why), the results time, and the booklets a page at a time, best
 * total first (then those still to be marked, by submission), searched by name or email.
 */
export async function getAdminResults(db: DbOrTx, { testId, query, now }: GetAdminResultsInput) {
  const [test] = await db
    .select({
      id: mainsTests.id,
      title: mainsTests.title,
      titleHi: mainsTests.titleHi,
      closesAt: mainsTests.closesAt,
      resultsAt: mainsTests.resultsAt,
      resultsPublishedAt: mainsTests.resultsPublishedAt,
    })
    .from(mainsTests)
    .where(eq(mainsTests.id, testId));
  if (!test) throw new AppError("NOT_FOUND", MAINS_TEST_MESSAGES.notFound);
  const search = query.search?.trim();
  const where = and(
    eq(mainsBooklets.testId, testId),
    search
      ? or(
          ilike(profiles.fullName, containsPattern(search)),
          ilike(profiles.email, containsPattern(search)),
        )
      : undefined,
  );
  const [counts, rows, [total]] = await Promise.all([
    countBooklets(db, testId),
    db
      .select({
        id: mainsBooklets.id,
        name: profiles.fullName,
        email: profiles.email,
        status: mainsBooklets.status,
        submittedAt: mainsBooklets.submittedAt,
        dueAt: mainsBooklets.dueAt,
        evaluatedAt: mainsBooklets.evaluatedAt,
        total: mainsBooklets.totalMarks,
        rank: mainsBooklets.rank,
        percentile: mainsBooklets.percentile,
        reevaluationRequestedAt: mainsBooklets.reevaluationRequestedAt,
      })
      .from(mainsBooklets)
      .leftJoin(profiles, eq(profiles.id, mainsBooklets.userId))
      .where(where)
      .orderBy(
        sql`${mainsBooklets.totalMarks} desc nulls last`,
        sql`${mainsBooklets.submittedAt} asc nulls last`,
        asc(mainsBooklets.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(mainsBooklets)
      .leftJoin(profiles, eq(profiles.id, mainsBooklets.userId))
      .where(where),
  ]);
  const refusal = publishRefusal(test, counts, now);
  return {
    test: {
      id: test.id,
      title: test.title,
      titleHi: test.titleHi,
      closesAt: test.closesAt.toISOString(),
      resultsAt: test.resultsAt?.toISOString() ?? null,
      resultsPublishedAt: test.resultsPublishedAt?.toISOString() ?? null,
    },
    counts: { ...counts, submitted: counts.pending + counts.evaluated },
    publishable: refusal === null,
    refusal,
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      status: r.status,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      dueAt: r.dueAt?.toISOString() ?? null,
      evaluatedAt: r.evaluatedAt?.toISOString() ?? null,
      total: r.total === null ? null : Number(r.total),
      rank: r.rank,
      percentile: r.percentile === null ? null : Number(r.percentile),
      reevaluationRequestedAt: r.reevaluationRequestedAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
