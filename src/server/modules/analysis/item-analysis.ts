import { asc, sql } from "drizzle-orm";
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
  type TargetRef,
} from "../attempts/attempt-target.ts";

const OPTIONS = ["A", "B", "C", "D"] as const satisfies readonly OptionKey[];

type BandCounts = {
  attempts: number;
  correct: number;
  chose: Record<OptionKey, number>;
  timeSeconds: number;
};

/** How much of each score band belongs to a group (1 = all of it; the boundary band a share). */
export type BandWeights = Map<number, number>;

/**
 * The top and bottom groups (27% of the ranked attempts each) over the band distribution: the
 * bands are taken from the top (or the bottom) until the group is full, and the band that
 * straddles the cut-off counts in proportion (decision 034).
 */
export function groupWeights(
  distribution: { band: number; attempts: number }[],
  share = DISCRIMINATION_GROUP,
): { top: BandWeights; bottom: BandWeights; groupSize: number } {
  const total = distribution.reduce((sum, d) => sum + d.attempts, 0);
  const groupSize = total * share;
  const take = (ordered: { band: number; attempts: number }[]) => {
    const weights: BandWeights = new Map();
    let left = groupSize;
    for (const { band, attempts } of ordered) {
      if (left <= 0 || attempts <= 0) break;
      const used = Math.min(attempts, left);
      weights.set(band, used / attempts);
      left -= used;
    }
    return weights;
  };
  const ascending = [...distribution].sort((a, b) => a.band - b.band);
  return { top: take([...ascending].reverse()), bottom: take(ascending), groupSize };
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** One question's figures from its per-band counters and the group weights. */
export function analyseQuestion(
  correctAnswer: OptionKey,
  bands: Map<number, BandCounts>,
  groups: { top: BandWeights; bottom: BandWeights },
) {
  let attempts = 0;
  let correct = 0;
  let timeSeconds = 0;
  const chose: Record<OptionKey, number> = { A: 0, B: 0, C: 0, D: 0 };
  for (const b of bands.values()) {
    attempts += b.attempts;
    correct += b.correct;
    timeSeconds += b.timeSeconds;
    for (const o of OPTIONS) chose[o] += b.chose[o];
  }
  const inGroup = (weights: BandWeights) => {
    const g = {
      attempts: 0,
      correct: 0,
      chose: { A: 0, B: 0, C: 0, D: 0 } as Record<OptionKey, number>,
    };
    for (const [band, weight] of weights) {
      const b = bands.get(band);
      if (!b) continue;
      g.attempts += weight * b.attempts;
      g.correct += weight * b.correct;
      for (const o of OPTIONS) g.chose[o] += weight * b.chose[o];
    }
    return g;
  };
  const top = inGroup(groups.top);
  const bottom = inGroup(groups.bottom);
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
    averageSeconds: attempts > 0 ? round(timeSeconds / attempts, 1) : null,
    /** The distractor the top scorers chose more often than the key, or null. */
    checkKey: suspect,
  };
}

/**
 * The admin's item analysis of an exam or a quiz (issue 18 §5): per question the facility index,
 * the discrimination index (top 27% against bottom 27% of the ranked attempts), the choices of
 * each option, the average time and the "Check the key" flag. Three reads, none of them of the
 * answers: the target, its questions with their per-band counters (at most questions x 201
 * rows), and the ranked attempts' band distribution (an index-only range of
 * exam_attempts_{exam,quiz}_rank_idx).
 */
export async function getItemAnalysis(db: Db, ref: TargetRef) {
  const target = await loadTarget(db, ref);
  if (!target) throw new AppError("NOT_FOUND", messagesOf(ref).notFound);
  // The band the grader counted an attempt in: its whole percent of the maximum (scoreBand).
  const maxMarks = target.kind === "quiz" ? (target.quiz.totalMarks ?? 100) : 100;
  const [rows, distribution] = await Promise.all([
    db
      .select({
        id: questions.id,
        questionText: questions.questionText,
        correctAnswer: questions.correctAnswer,
        band: questionScoreStats.scoreBand,
        attempts: questionScoreStats.attempts,
        correct: questionScoreStats.correct,
        choseA: questionScoreStats.choseA,
        choseB: questionScoreStats.choseB,
        choseC: questionScoreStats.choseC,
        choseD: questionScoreStats.choseD,
        timeSeconds: questionScoreStats.timeSeconds,
      })
      .from(questions)
      .leftJoin(questionScoreStats, sql`${questionScoreStats.questionId} = ${questions.id}`)
      .where(questionsOf(ref))
      .orderBy(asc(questions.createdAt), asc(questions.id)),
    db
      .select({
        band: sql<number>`least(100, greatest(-100, floor(${examAttempts.score} * 100 / ${maxMarks})))::int`,
        attempts: sql<number>`count(*)::int`,
      })
      .from(examAttempts)
      .where(sql`${attemptsAt(ref)} and ${examAttempts.isRanked}`)
      .groupBy(sql`1`),
  ]);
  const groups = groupWeights(distribution);

  const byQuestion = new Map<
    string,
    { questionText: string; correctAnswer: OptionKey; bands: Map<number, BandCounts> }
  >();
  for (const r of rows) {
    let q = byQuestion.get(r.id);
    if (!q) {
      q = { questionText: r.questionText, correctAnswer: r.correctAnswer, bands: new Map() };
      byQuestion.set(r.id, q);
    }
    if (r.band === null) continue;
    q.bands.set(r.band, {
      attempts: r.attempts ?? 0,
      correct: r.correct ?? 0,
      chose: { A: r.choseA ?? 0, B: r.choseB ?? 0, C: r.choseC ?? 0, D: r.choseD ?? 0 },
      timeSeconds: Number(r.timeSeconds ?? 0),
    });
  }
  return {
    kind: ref.kind,
    id: target.id,
    title: target.title,
    rankedAttempts: distribution.reduce((sum, d) => sum + d.attempts, 0),
    groupSize: round(groups.groupSize, 2),
    questions: [...byQuestion].map(([id, q], index) => ({
      id,
      number: index + 1,
      questionText: q.questionText,
      correctAnswer: q.correctAnswer,
      ...analyseQuestion(q.correctAnswer, q.bands, groups),
    })),
  };
}

export type ItemAnalysis = Awaited<ReturnType<typeof getItemAnalysis>>;
