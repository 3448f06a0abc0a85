import { and, asc, eq, sql } from "drizzle-orm";
import { type PageAnnotations, partMaximum } from "../../../shared/evaluation.ts";
import { MAINS_RESULT_MESSAGES } from "../../../shared/mains-results-schemas.ts";
import type { MarkRound, MarkStatus, ReevaluationOutcome } from "../../../shared/mains-tests.ts";
import type { DbOrTx } from "../../db/client.ts";
import { mainsQuestions } from "../../db/schema/evaluation.ts";
import { mainsBookletAnswers, mainsBooklets, mainsMarks } from "../../db/schema/mains-booklets.ts";
import { mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";
import { reevaluationEndsAt } from "./reevaluation.ts";
import { type AnswerCopy, loadAnswerCopies } from "./results-pages.ts";

const num = (value: string | null) => (value === null ? null : Number(value));

/**
 * The most a student can score on a paper: every question's marks, or in a section with a
 * choice (`section_choose`, the Essay's one of four) the best `n` of that section's.
 */
export function paperMaxMarks(
  questions: { section: number; marks: number }[],
  sectionChoose: number[] | null,
) {
  const bySection = new Map<number, number[]>();
  for (const q of questions)
    bySection.set(q.section, [...(bySection.get(q.section) ?? []), q.marks]);
  let max = 0;
  for (const [section, marks] of bySection) {
    const choose = sectionChoose?.[section - 1];
    const counted =
      choose === undefined ? marks : [...marks].sort((a, b) => b - a).slice(0, choose);
    max += counted.reduce((sum, m) => sum + m, 0);
  }
  return max;
}

/**
 * Per question: the average of the marks given, and of the top tenth (at least one answer). Only
 * published answers carry marks (recomputeResults writes them for evaluated booklets alone), so
 * each figure is a walk of the question's marks index, not a scan of the test's answers.
 */
async function questionStats(db: DbOrTx, testId: string) {
  const given = sql`${mainsBookletAnswers} a where a.test_question_id = q.id and a.marks is not null`;
  const rows = await db.execute(sql`
    select q.id, s.average::float8 as average, t.top::float8 as top
      from ${mainsTestQuestions} q
      cross join lateral (select avg(a.marks) as average, count(*) as n from ${given}) s
      cross join lateral (select avg(b.marks) as top
                            from (select a.marks from ${given} order by a.marks desc
                                   limit greatest(1, ceil(s.n / 10.0))::int) b) t
     where q.test_id = ${testId} and s.n > 0`);
  const stats = (rows as unknown as { rows: { id: string; average: number; top: number }[] }).rows;
  return new Map(stats.map((row) => [row.id, { average: row.average, top: row.top }]));
}

/**
 * Per question, the highest-marked answer among the booklets whose students share their answers
 * (ties: the higher total, then the answer id); the name only with the student's consent. The
 * best shared marks come from a walk down the question's marks index, then only the answers
 * with those marks are compared.
 */
async function toppers(db: DbOrTx, testId: string, userId: string) {
  const shared = sql`${mainsBookletAnswers} a join ${mainsBooklets} b on b.id = a.booklet_id
    left join ${profiles} p on p.id = b.user_id
    where a.test_question_id = q.id and a.marks is not null and b.share_answers and b.rank is not null`;
  const rows = await db.execute(sql`
    select q.id as question, w.answer, w.booklet, w.marks, w."isYou", w.name
      from ${mainsTestQuestions} q
      cross join lateral (select a.marks from ${shared} order by a.marks desc limit 1) best
      cross join lateral (
        select a.id as answer, a.booklet_id as booklet, a.marks::float8 as marks,
               b.user_id = ${userId} as "isYou",
               case when b.share_name then p.full_name end as name
          from ${shared} and a.marks = best.marks
         order by b.total_marks desc, a.id
         limit 1) w
     where q.test_id = ${testId}`);
  type Topper = {
    question: string;
    answer: string;
    booklet: string;
    marks: number;
    isYou: boolean;
    name: string | null;
  };
  return (rows as unknown as { rows: Topper[] }).rows;
}

/** The markings of the booklet's answers that the student may read: the final ones. */
async function finalMarkings(db: DbOrTx, bookletId: string) {
  const rows = await db
    .select({
      answerId: mainsMarks.answerId,
      round: mainsMarks.round,
      status: mainsMarks.status,
      rubric: mainsMarks.rubric,
      partMarks: mainsMarks.partMarks,
      comment: mainsMarks.comment,
      annotations: mainsMarks.annotations,
    })
    .from(mainsMarks)
    .where(eq(mainsMarks.bookletId, bookletId));
  const byAnswer = new Map<string, Partial<Record<MarkRound, (typeof rows)[number]>>>();
  for (const row of rows) {
    byAnswer.set(row.answerId, { ...byAnswer.get(row.answerId), [row.round]: row });
  }
  return byAnswer;
}

type Marking = NonNullable<ReturnType<Awaited<ReturnType<typeof finalMarkings>>["get"]>>;

/** The feedback shown for an answer: the re-evaluation's once marked, else the first mentor's. */
function feedbackOf(markings: Marking | undefined, questionMarks: number) {
  const chosen = markings?.reeval?.status === "marked" ? markings.reeval : markings?.first;
  if (chosen?.status !== "marked") return null;
  const rubric = chosen.rubric ?? [];
  return {
    round: chosen.round,
    doubleMarked: chosen.round === "first" && markings?.second?.status === "marked",
    comment: chosen.comment?.trim() ? chosen.comment : null,
    rubric: rubric.map((part, i) => ({
      name: part.name,
      max: partMaximum(part.weight, questionMarks),
      marks: chosen.partMarks?.[i] ?? null,
    })),
    annotations: (chosen.annotations ?? []) as PageAnnotations[],
  };
}

/** Where a re-evaluated answer stands: waiting for a mentor, being marked, or done. */
const reevalStage = (status: MarkStatus | undefined): "waiting" | "marking" | "done" =>
  status === "marked" ? "done" : status === "claimed" ? "marking" : "waiting";

export type GetStudentResultInput = { userId: string; testId: string; now: Date };

/**
 * The student's own result of a Mains test (decision 063). Before publication, where their
 * booklet stands and the promised date; after it, the marks per question (moderated or not),
 * total, rank of how many, percentile, the final marking's feedback, the comparison with the
 * average and the top tenth, the toppers' copies shared with consent, and re-evaluation. A test
 * the student did not take is a 404, as is anyone else's booklet.
 */
export async function getStudentResult(db: DbOrTx, { userId, testId, now }: GetStudentResultInput) {
  const [row] = await db
    .select({ booklet: mainsBooklets, test: mainsTests })
    .from(mainsBooklets)
    .innerJoin(mainsTests, eq(mainsTests.id, mainsBooklets.testId))
    .where(and(eq(mainsBooklets.testId, testId), eq(mainsBooklets.userId, userId)));
  if (!row) throw new AppError("NOT_FOUND", MAINS_RESULT_MESSAGES.noBooklet);
  const { booklet, test } = row;
  const paper = await db
    .select({
      id: mainsTestQuestions.id,
      position: mainsTestQuestions.position,
      section: mainsTestQuestions.section,
      marks: mainsTestQuestions.marks,
      questionText: mainsQuestions.questionText,
      questionTextHi: mainsQuestions.questionTextHi,
      directive: mainsQuestions.directive,
    })
    .from(mainsTestQuestions)
    .innerJoin(mainsQuestions, eq(mainsQuestions.id, mainsTestQuestions.questionId))
    .where(eq(mainsTestQuestions.testId, testId))
    .orderBy(asc(mainsTestQuestions.position));
  const maxMarks = paperMaxMarks(paper, test.sectionChoose);
  const head = {
    test: {
      id: test.id,
      title: test.title,
      titleHi: test.titleHi,
      paper: test.paper,
      maxMarks,
      resultsPublishedAt: test.resultsPublishedAt?.toISOString() ?? null,
    },
    booklet: {
      status: booklet.status,
      submittedAt: booklet.submittedAt?.toISOString() ?? null,
      dueAt: booklet.dueAt?.toISOString() ?? null,
      evaluatedAt: booklet.evaluatedAt?.toISOString() ?? null,
    },
    sharing: { shareAnswers: booklet.shareAnswers, shareName: booklet.shareName },
  };
  if (!test.resultsPublishedAt || booklet.rank === null) return { ...head, result: null };

  const [answers, markings, stats, best, [ranked]] = await Promise.all([
    db.select().from(mainsBookletAnswers).where(eq(mainsBookletAnswers.bookletId, booklet.id)),
    finalMarkings(db, booklet.id),
    questionStats(db, testId),
    toppers(db, testId, userId),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(mainsBooklets)
      .where(and(eq(mainsBooklets.testId, testId), sql`${mainsBooklets.rank} is not null`)),
  ]);
  const copies = await loadAnswerCopies(db, {
    bookletIds: [...new Set([booklet.id, ...best.map((t) => t.booklet)])],
  });
  const answerOf = new Map(answers.map((a) => [a.testQuestionId, a]));
  const topperOf = new Map(best.map((t) => [t.question, t]));
  const endsAt = reevaluationEndsAt(test.resultsPublishedAt, booklet.evaluatedAt);
  const emptyCopy: AnswerCopy = { pages: [], typedText: null };

  const questions = paper.map((q) => {
    const answer = answerOf.get(q.id);
    const marks = num(answer?.marks ?? null);
    const topper = topperOf.get(q.id);
    const stat = stats.get(q.id);
    const answerMarkings = answer ? markings.get(answer.id) : undefined;
    return {
      testQuestionId: q.id,
      position: q.position,
      section: q.section,
      maxMarks: q.marks,
      questionText: q.questionText,
      questionTextHi: q.questionTextHi,
      directive: q.directive,
      answered: marks !== null,
      marks,
      moderated: answer?.moderated ?? false,
      average: stat ? Math.round(stat.average * 100) / 100 : null,
      topTenAverage: stat ? Math.round(stat.top * 100) / 100 : null,
      feedback: marks === null ? null : feedbackOf(answerMarkings, q.marks),
      copy: answer && marks !== null ? (copies.get(answer.id) ?? emptyCopy) : null,
      topper: topper
        ? {
            name: topper.name,
            isYou: topper.isYou,
            marks: topper.marks,
            copy: copies.get(topper.answer) ?? emptyCopy,
          }
        : null,
      reevaluation:
        answer?.marksBeforeReevaluation != null
          ? {
              reason: answer.reevaluationReason,
              marksBefore: Number(answer.marksBeforeReevaluation),
              outcome: answer.reevaluationOutcome as ReevaluationOutcome | null,
              stage: reevalStage(answerMarkings?.reeval?.status),
            }
          : null,
    };
  });

  return {
    ...head,
    result: {
      total: Number(booklet.totalMarks ?? 0),
      maxMarks,
      rank: booklet.rank,
      of: ranked?.n ?? 0,
      percentile: Number(booklet.percentile ?? 0),
      questions,
      reevaluation: {
        requestedAt: booklet.reevaluationRequestedAt?.toISOString() ?? null,
        endsAt: endsAt.toISOString(),
        canRequest: booklet.reevaluationRequestedAt === null && now <= endsAt,
      },
    },
  };
}

export type SetSharingInput = {
  userId: string;
  testId: string;
  shareAnswers: boolean;
  shareName: boolean;
};

/** The student's consent to show their answers as a topper's copy, and their name with them. */
export async function setSharing(db: DbOrTx, input: SetSharingInput) {
  const shareName = input.shareAnswers && input.shareName;
  const [saved] = await db
    .update(mainsBooklets)
    .set({ shareAnswers: input.shareAnswers, shareName, updatedAt: sql`now()` })
    .where(and(eq(mainsBooklets.testId, input.testId), eq(mainsBooklets.userId, input.userId)))
    .returning({ shareAnswers: mainsBooklets.shareAnswers, shareName: mainsBooklets.shareName });
  if (!saved) throw new AppError("NOT_FOUND", MAINS_RESULT_MESSAGES.noBooklet);
  return saved;
}
