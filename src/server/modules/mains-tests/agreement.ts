import { and, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { quadraticWeightedKappa } from "../../../shared/kappa.ts";
import type { MainsPaper } from "../../../shared/mains-papers.ts";
import {
  AGREEMENT_BANDS,
  FLAG_MEAN_DIFFERENCE_BANDS,
  FLAG_MIN_PAIRS,
} from "../../../shared/mains-tests.ts";
import type { DbOrTx } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { mainsMarks } from "../../db/schema/mains-booklets.ts";
import { mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";

/**
 * Agreement between examiners (decision 063). A pair is an answer with a marked `first` and a
 * marked `second`; each marking's band is round(marks ÷ the question's marks × 10), 0–10. Over the
 * pairs: quadratic weighted kappa (`shared/kappa.ts`) and the mean difference, in marks and in
 * bands. For a mentor, the pairs where they marked either round, each as their marking against
 * the other's (positive: they mark higher). The pairs come from one grouped query (by the two
 * mentors and the two bands), so a test of 2,000 pairs is at most that many small rows.
 */

const first = alias(mainsMarks, "first_marking");
const second = alias(mainsMarks, "second_marking");
const band = (marks: AnyPgColumn) =>
  sql<number>`least(${AGREEMENT_BANDS}, greatest(0, round(${marks} * ${AGREEMENT_BANDS} / ${mainsTestQuestions.marks})))::int`;

type PairGroup = {
  testId: string;
  paper: MainsPaper;
  firstMentor: string | null;
  secondMentor: string | null;
  bandFirst: number;
  bandSecond: number;
  pairs: number;
  /** Σ (first marks − second marks) over the group's pairs. */
  marksDifference: number;
};

async function pairGroups(db: DbOrTx, where: SQL | undefined): Promise<PairGroup[]> {
  const rows = await db
    .select({
      testId: second.testId,
      paper: mainsTests.paper,
      firstMentor: first.mentorId,
      secondMentor: second.mentorId,
      bandFirst: band(first.marks),
      bandSecond: band(second.marks),
      pairs: sql<number>`count(*)::int`,
      marksDifference: sql<number>`sum(${first.marks} - ${second.marks})::float8`,
    })
    .from(second)
    .innerJoin(
      first,
      and(
        eq(first.answerId, second.answerId),
        // Redundant (an answer is in one test), but it lets the planner narrow the firsts to
        // the test's when it hashes them instead of looking each one up.
        eq(first.testId, second.testId),
        eq(first.round, "first"),
        eq(first.status, "marked"),
      ),
    )
    .innerJoin(mainsTestQuestions, eq(mainsTestQuestions.id, second.testQuestionId))
    .innerJoin(mainsTests, eq(mainsTests.id, second.testId))
    .where(
      and(
        eq(second.round, "second"),
        eq(second.status, "marked"),
        isNotNull(second.marks),
        isNotNull(first.marks),
        where,
      ),
    )
    // 5 and 6: the two bands, by their place in the select list.
    .groupBy(second.testId, mainsTests.paper, first.mentorId, second.mentorId, sql`5`, sql`6`);
  return rows.map((r) => ({ ...r, marksDifference: Number(r.marksDifference) }));
}

/** Kappa, mean differences, and their pair count. Nulls when there are no pairs. */
export type AgreementFigures = {
  pairs: number;
  kappa: number | null;
  meanDifferenceMarks: number | null;
  meanDifferenceBands: number | null;
};

export type MentorFlag = "high" | "low";

export type MentorAgreement = AgreementFigures & {
  mentorId: string;
  /** "Runs high"/"runs low": |mean band difference| ≥ 1 over ≥ 5 pairs. */
  flag: MentorFlag | null;
  /** For a flagged mentor: −(mean difference in marks), to the half mark; the admin decides. */
  suggestedCorrection: number | null;
};

/** Pairs of one side against the other: their confusion matrix and summed differences. */
class Tally {
  readonly matrix = Array.from({ length: AGREEMENT_BANDS + 1 }, () =>
    new Array<number>(AGREEMENT_BANDS + 1).fill(0),
  );
  pairs = 0;
  marksDifference = 0;
  bandsDifference = 0;

  add(mine: number, other: number, pairs: number, marksDifference: number) {
    const row = this.matrix[mine] as number[];
    row[other] = (row[other] ?? 0) + pairs;
    this.pairs += pairs;
    this.marksDifference += marksDifference;
    this.bandsDifference += (mine - other) * pairs;
  }

  figures(): AgreementFigures {
    const n = this.pairs;
    const kappa = quadraticWeightedKappa(this.matrix);
    return {
      pairs: n,
      kappa: kappa === null ? null : round(kappa, 3),
      meanDifferenceMarks: n === 0 ? null : round(this.marksDifference / n, 2),
      meanDifferenceBands: n === 0 ? null : round(this.bandsDifference / n, 2),
    };
  }
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r;
};

/** −(mean difference in marks) to the nearest half mark, within ±50; null for no correction. */
export function suggestedCorrectionFor(meanDifferenceMarks: number) {
  const half = Math.round(-meanDifferenceMarks * 2) / 2;
  const clamped = Math.max(-50, Math.min(50, half));
  return clamped === 0 ? null : clamped;
}

function flagOf(figures: AgreementFigures): MentorFlag | null {
  const mean = figures.meanDifferenceBands;
  if (mean === null || figures.pairs < FLAG_MIN_PAIRS) return null;
  if (mean >= FLAG_MEAN_DIFFERENCE_BANDS) return "high";
  if (mean <= -FLAG_MEAN_DIFFERENCE_BANDS) return "low";
  return null;
}

function overallOf(groups: PairGroup[]) {
  const tally = new Tally();
  for (const g of groups) tally.add(g.bandFirst, g.bandSecond, g.pairs, g.marksDifference);
  return tally.figures();
}

function mentorsOf(groups: PairGroup[]): MentorAgreement[] {
  const tallies = new Map<string, Tally>();
  const tallyOf = (id: string) => {
    let tally = tallies.get(id);
    if (!tally) {
      tally = new Tally();
      tallies.set(id, tally);
    }
    return tally;
  };
  for (const g of groups) {
    if (g.firstMentor)
      tallyOf(g.firstMentor).add(g.bandFirst, g.bandSecond, g.pairs, g.marksDifference);
    // The desk never gives one mentor both rounds of an answer; were it so, count the pair once.
    if (g.secondMentor && g.secondMentor !== g.firstMentor)
      tallyOf(g.secondMentor).add(g.bandSecond, g.bandFirst, g.pairs, -g.marksDifference);
  }
  return [...tallies.entries()].map(([mentorId, tally]) => {
    const figures = tally.figures();
    const flag = flagOf(figures);
    return {
      mentorId,
      ...figures,
      flag,
      suggestedCorrection:
        flag && figures.meanDifferenceMarks !== null
          ? suggestedCorrectionFor(figures.meanDifferenceMarks)
          : null,
    };
  });
}

/** By name, then id: the order of every mentor table. */
export const byMentorName = <T extends { mentorId: string; name: string | null }>(a: T, b: T) =>
  (a.name ?? "").localeCompare(b.name ?? "") || a.mentorId.localeCompare(b.mentorId);

export type MentorNamesInput = string[];

/** The names of users by id (mentors whose account is gone are left out). */
export async function mentorNames(db: DbOrTx, ids: MentorNamesInput) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type TestAgreementInput = { testId: string };

/** A test's agreement overall and per mentor (by id: the caller reads the names it needs). */
export async function testAgreement(db: DbOrTx, { testId }: TestAgreementInput) {
  const groups = await pairGroups(db, eq(second.testId, testId));
  return { overall: overallOf(groups), mentors: mentorsOf(groups) };
}

export type PaperAgreementInput = { paper?: MainsPaper };

/**
 * Agreement across tests: for one paper (or every paper), overall, per paper, per test and per
 * mentor (`GET /api/admin/mains-calibration`).
 */
export async function paperAgreement(db: DbOrTx, { paper }: PaperAgreementInput) {
  const groups = await pairGroups(db, paper ? eq(mainsTests.paper, paper) : undefined);
  const byKey = <K extends string>(key: (g: PairGroup) => K) => {
    const map = new Map<K, PairGroup[]>();
    for (const g of groups) {
      const list = map.get(key(g));
      if (list) list.push(g);
      else map.set(key(g), [g]);
    }
    return map;
  };
  const papers = [...byKey((g) => g.paper).entries()]
    .map(([p, list]) => ({ paper: p, ...overallOf(list) }))
    .sort((a, b) => a.paper.localeCompare(b.paper));
  const perTest = byKey((g) => g.testId);
  const mentors = mentorsOf(groups);
  const names = await mentorNames(
    db,
    mentors.map((m) => m.mentorId),
  );
  const tests =
    perTest.size === 0
      ? []
      : await db
          .select({
            id: mainsTests.id,
            title: mainsTests.title,
            titleHi: mainsTests.titleHi,
            paper: mainsTests.paper,
            opensAt: mainsTests.opensAt,
          })
          .from(mainsTests)
          .where(inArray(mainsTests.id, [...perTest.keys()]))
          .orderBy(desc(mainsTests.opensAt), mainsTests.id);
  return {
    paper: paper ?? null,
    overall: overallOf(groups),
    papers,
    tests: tests.map((t) => ({
      ...t,
      opensAt: t.opensAt.toISOString(),
      ...overallOf(perTest.get(t.id) ?? []),
    })),
    mentors: mentors.map((m) => ({ ...m, name: names.get(m.mentorId) ?? null })).sort(byMentorName),
  };
}
