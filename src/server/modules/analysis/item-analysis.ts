import { inArray, sql } from "drizzle-orm";
import type { OptionKey } from "../../../shared/constants.ts";
import { DISCRIMINATION_GROUP } from "../../../shared/item-analysis.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, questionScoreStats, questions } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  attemptsAt,
  loadTarget,
  messagesOf,
  questionsOf,
  scorePercentSql,
  type TargetRef,
} from "../attempts/attempt-target.ts";

const OPTIONS = ["A", "B", "C", "D"] as const satisfies readonly OptionKey[];

type Sums = { attempts: number; correct: number; chose: Record<OptionKey, number> };

/** One question's counters summed over every band, and over the top and bottom groups. */
export type QuestionSums = Sums & { timeSeconds: number; top: Sums; bottom: Sums };

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** One question's figures from its summed counters (all bands, the top and bottom 27%). */
export function analyseQuestion(correctAnswer: OptionKey, sums: QuestionSums) {
  const { attempts, correct, chose, top, bottom } = sums;
  const discrimination =
    top.attempts > 0 && bottom.attempts > 0
      ? round(top.correct / top.attempts - bottom.correct / bottom.attempts, 2)
      : null;
  // "Check the key": more of the top group chose one distractor than the key.
  let suspect: OptionKey | null = null;
  for (const o of OPTIONS) {
    if (o === correctAnswer) continue;
    const lead = suspect ? top.chose[suspect] : top.chose[correctAnswer];
    if (top.chose[o] > lead + 1e-9) suspect = o;
  }
  return {
    attempts,
    facility: attempts > 0 ? round((correct / attempts) * 100, 1) : null,
    discrimination,
    options: {
      ...chose,
      skipped: attempts - OPTIONS.reduce((sum, o) => sum + chose[o], 0),
    },
    averageSeconds: attempts > 0 ? round(sums.timeSeconds / attempts, 1) : null,
    /** The distractor the top scorers chose more often than the key, or null. */
    checkKey: suspect,
  };
}

type Row = {
  id: string;
  question_text: string;
  correct_answer: OptionKey;
  ranked: number;
  attempts: number;
  correct: number;
  a: number;
  b: number;
  c: number;
  d: number;
  time_seconds: number;
  top_attempts: number;
  top_correct: number;
  top_a: number;
  top_b: number;
  top_c: number;
  top_d: number;
  bottom_attempts: number;
  bottom_correct: number;
  bottom_a: number;
  bottom_b: number;
  bottom_c: number;
  bottom_d: number;
};

const weighted = (weight: string) =>
  sql.raw(`coalesce(sum(w.${weight} * s.attempts), 0)::float8 as ${weight.replace("_w", "")}_attempts,
           coalesce(sum(w.${weight} * s.correct), 0)::float8 as ${weight.replace("_w", "")}_correct,
           ${OPTIONS.map((o) => `coalesce(sum(w.${weight} * s.chose_${o.toLowerCase()}), 0)::float8 as ${weight.replace("_w", "")}_${o.toLowerCase()}`).join(",\n           ")}`);

/**
 * The admin's item analysis of an exam or a quiz (decision 036): per question the facility index,
 * the discrimination index (top 27% against bottom 27% of the ranked attempts), the choices of
 * each option, the average time and the "Check the key" flag. One statement beside the target's
 * load, reading no answers: the ranked attempts' band distribution (an index-only range of
 * exam_attempts_{exam,quiz}_rank_idx) gives each band's share of the top and bottom groups (the
 * band straddling a cut-off in proportion, decision 034), and the per-band counters of the
 * target's questions (at most questions x 201 rows) are summed with those weights, one row per
 * question.
 */
export async function getItemAnalysis(db: Db, ref: TargetRef) {
  const [target, rows] = await Promise.all([loadTarget(db, ref), itemRows(db, ref)]);
  if (!target) throw new AppError("NOT_FOUND", messagesOf(ref).notFound);
  const ranked = Number(rows[0]?.ranked ?? 0);
  return {
    kind: ref.kind,
    id: target.id,
    title: target.title,
    rankedAttempts: ranked,
    groupSize: round(ranked * DISCRIMINATION_GROUP, 2),
    questions: rows.map((r, index) => ({
      id: r.id,
      number: index + 1,
      questionText: r.question_text,
      correctAnswer: r.correct_answer,
      ...analysisOf(r),
    })),
  };
}

/**
 * The statement behind the item analysis: one row per question of the target (or of `only` of
 * its questions), in paper order, reading no answers: the ranked attempts' band distribution (an
 * index-only range of exam_attempts_{exam,quiz}_rank_idx) gives each band's share of the top and
 * bottom groups (the band straddling a cut-off in proportion, decision 034), and the per-band
 * counters of the questions (at most questions x 201 rows) are summed with those weights.
 */
async function itemRows(db: Db, ref: TargetRef, only?: readonly string[]): Promise<Row[]> {
  // The band the grader counted an attempt in: its whole percent of the maximum (scoreBand).
  const percent = scorePercentSql(ref, sql.raw("a"));
  const result = await db.execute(sql`
    with dist as (
      select least(100, greatest(-100, floor(${percent})))::int as band, count(*)::int as n
        from ${examAttempts} a
       where ${attemptsAt(ref, sql.raw("a"))} and a.is_ranked
       group by 1
    ), total as (
      select coalesce(sum(n), 0)::float8 * ${DISCRIMINATION_GROUP} as size, coalesce(sum(n), 0)::int as ranked from dist
    ), w as materialized (
      -- Once per statement, not once per score band (bench:questions).
      select d.band,
             greatest(0, least(d.n, t.size - coalesce(sum(d.n) over (order by d.band desc
               rows between unbounded preceding and 1 preceding), 0)))::float8 / d.n as top_w,
             greatest(0, least(d.n, t.size - coalesce(sum(d.n) over (order by d.band asc
               rows between unbounded preceding and 1 preceding), 0)))::float8 / d.n as bottom_w
        from dist d cross join total t
    )
    select ${questions.id} as id, ${questions.questionText} as question_text,
           ${questions.correctAnswer} as correct_answer, (select ranked from total) as ranked,
           coalesce(sum(s.attempts), 0)::int as attempts,
           coalesce(sum(s.correct), 0)::int as correct,
           coalesce(sum(s.chose_a), 0)::int as a, coalesce(sum(s.chose_b), 0)::int as b,
           coalesce(sum(s.chose_c), 0)::int as c, coalesce(sum(s.chose_d), 0)::int as d,
           coalesce(sum(s.time_seconds), 0)::float8 as time_seconds,
           ${weighted("top_w")},
           ${weighted("bottom_w")}
      from ${questions}
      left join ${questionScoreStats} s on s.question_id = ${questions.id}
      left join w on w.band = s.score_band
     where ${questionsOf(ref)} ${only ? sql`and ${inArray(questions.id, [...only])}` : sql``}
     group by ${questions.id}
     order by ${questions.createdAt}, ${questions.id}`);
  return (result as unknown as { rows: Row[] }).rows;
}

/** One row's figures: choices, facility, discrimination, time and the "Check the key" flag. */
function analysisOf(r: Row) {
  const sums = (side: "top" | "bottom"): Sums => ({
    attempts: Number(r[`${side}_attempts`]),
    correct: Number(r[`${side}_correct`]),
    chose: {
      A: Number(r[`${side}_a`]),
      B: Number(r[`${side}_b`]),
      C: Number(r[`${side}_c`]),
      D: Number(r[`${side}_d`]),
    },
  });
  return analyseQuestion(r.correct_answer, {
    attempts: Number(r.attempts),
    correct: Number(r.correct),
    chose: { A: Number(r.a), B: Number(r.b), C: Number(r.c), D: Number(r.d) },
    timeSeconds: Number(r.time_seconds),
    top: sums("top"),
    bottom: sums("bottom"),
  });
}

export type ItemAnalysis = Awaited<ReturnType<typeof getItemAnalysis>>;

export type AnalyseQuestionsInput = { questionIds: readonly string[] };

/** One question's figures: its choices (A-D, skipped), facility and discrimination. */
export type QuestionAnalysis = ReturnType<typeof analyseQuestion>;

/**
 * The item analysis of a few questions, of whatever papers (the question-report queue, decision
 * 064): the same figures as `getItemAnalysis` gives each question of its paper, from the same
 * counters and the same top and bottom groups of the paper's ranked attempts, read one statement
 * per paper for the asked questions only. Unknown ids are left out.
 */
export async function analyseQuestions(
  db: Db,
  { questionIds }: AnalyseQuestionsInput,
): Promise<Map<string, QuestionAnalysis>> {
  const analyses = new Map<string, QuestionAnalysis>();
  const ids = [...new Set(questionIds)];
  if (ids.length === 0) return analyses;
  const found = await db
    .select({ id: questions.id, examId: questions.examId, quizId: questions.quizId })
    .from(questions)
    .where(inArray(questions.id, ids));
  const papers = new Map<string, { ref: TargetRef; ids: string[] }>();
  for (const q of found) {
    const ref: TargetRef | null = q.examId
      ? { kind: "exam", id: q.examId }
      : q.quizId
        ? { kind: "quiz", id: q.quizId }
        : null;
    if (!ref) continue;
    const paper = papers.get(ref.id) ?? { ref, ids: [] };
    paper.ids.push(q.id);
    papers.set(ref.id, paper);
  }
  await Promise.all(
    [...papers.values()].map(async ({ ref, ids: paperIds }) => {
      for (const [id, analysis] of await analysePaperQuestions(db, ref, paperIds)) {
        analyses.set(id, analysis);
      }
    }),
  );
  return analyses;
}

/** `getItemAnalysis`'s figures for some questions of one paper. */
async function analysePaperQuestions(db: Db, ref: TargetRef, ids: string[]) {
  return (await itemRows(db, ref, ids)).map((r) => [r.id, analysisOf(r)] as const);
}
