import { asc, eq, sql } from "drizzle-orm";
import {
  ANALYSIS_TEXT,
  type AttemptReport,
  type MissedQuestion,
  MOST_GOT_RIGHT_PERCENT,
  type Outcome,
  type Performance,
  practiceUrl,
  type QuestionTime,
  SLOW_FACTOR,
  type SubjectPerformance,
  type TopicPerformance,
  WEAKEST_TOPIC_COUNT,
  type WeakTopic,
} from "../../../shared/analysis.ts";
import { CONFIDENCE_TAGS, type Confidence, guessVerdict } from "../../../shared/confidence.ts";
import { LIVE_MESSAGES } from "../../../shared/live-tests.ts";
import type { Db } from "../../db/client.ts";
import {
  examAttempts,
  questionScoreStats,
  questions,
  studentAnswers,
} from "../../db/schema/exams.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { keyHolds } from "../answer-keys/key-gate.ts";
import {
  gradeFor,
  loadTarget,
  markRuleOf,
  questionsOf,
  scoreScaleOf,
  sealedUntil,
  standingAt,
  targetOf,
} from "../attempts/attempt-target.ts";

export const REPORT_MESSAGES = {
  notFound: "Attempt not found.",
  notCompleted: "The analysis is ready once the attempt is submitted.",
} as const;

const round2 = (n: number) => Math.round(n * 100) / 100;
const percent = (part: number, whole: number) =>
  whole === 0 ? null : round2((100 * part) / whole);

type AnswerRow = {
  questionId: string;
  questionText: string;
  subjectId: string | null;
  subjectName: string | null;
  subjectOrder: number | null;
  topicId: string | null;
  topicName: string | null;
  selectedAnswer: string | null;
  isCorrect: boolean | null;
  confidence: Confidence | null;
  timeSpentSeconds: number;
};

function outcomeOf(
  row: Pick<AnswerRow, "selectedAnswer" | "isCorrect">,
): Exclude<Outcome, "answered"> {
  if (row.selectedAnswer === null) return "skipped";
  return row.isCorrect ? "correct" : "wrong";
}

type Tally = Omit<Performance, "accuracy">;
const emptyTally = (): Tally => ({
  questions: 0,
  attempted: 0,
  correct: 0,
  wrong: 0,
  skipped: 0,
  marks: 0,
  timeSeconds: 0,
});
const finish = (t: Tally): Performance => ({
  ...t,
  marks: round2(t.marks),
  accuracy: percent(t.correct, t.attempted),
});

function add(t: Tally, outcome: Outcome, seconds: number, rule: ReturnType<typeof markRuleOf>) {
  t.questions += 1;
  t.timeSeconds += seconds;
  if (outcome === "skipped") t.skipped += 1;
  else {
    t.attempted += 1;
    if (outcome === "correct") {
      t.correct += 1;
      t.marks += rule.perQuestion;
    } else {
      t.wrong += 1;
      t.marks -= rule.penalty;
    }
  }
}

export type GetAttemptReportInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  attemptId: string;
  now?: Date;
};

/**
 * The diagnostic report of a completed attempt (decision 037): summary, standing among the
 * ranked attempts, subject- and topic-wise performance with the weakest topics first, time per
 * question and the questions most students got right that this student missed. Only the
 * attempt's owner and admins may read it (others: 404), and only once it is completed: nothing
 * derived from the key exists before. Other students appear only as aggregates: the standing's
 * counts and averages, and the per-question shares summed from question_score_stats.
 */
export async function getAttemptReport(
  db: Db,
  input: GetAttemptReportInput,
): Promise<AttemptReport> {
  const [attempt] = await db
    .select()
    .from(examAttempts)
    .where(eq(examAttempts.id, input.attemptId));
  if (!attempt || (attempt.userId !== input.viewer.userId && input.viewer.role !== "admin")) {
    throw new AppError("NOT_FOUND", REPORT_MESSAGES.notFound);
  }
  if (!attempt.completedAt) throw new AppError("CONFLICT", REPORT_MESSAGES.notCompleted);
  const ref = targetOf(attempt);
  const [target, answerRows, shares, standing] = await Promise.all([
    loadTarget(db, ref),
    db
      .select({
        questionId: questions.id,
        questionText: questions.questionText,
        subjectId: questions.subjectId,
        subjectName: subjects.name,
        subjectOrder: subjects.sortOrder,
        topicId: questions.topicId,
        topicName: topics.name,
        selectedAnswer: studentAnswers.selectedAnswer,
        isCorrect: studentAnswers.isCorrect,
        confidence: studentAnswers.confidence,
        timeSpentSeconds: studentAnswers.timeSpentSeconds,
      })
      .from(studentAnswers)
      .innerJoin(questions, eq(questions.id, studentAnswers.questionId))
      .leftJoin(subjects, eq(subjects.id, questions.subjectId))
      .leftJoin(topics, eq(topics.id, questions.topicId))
      .where(eq(studentAnswers.attemptId, attempt.id))
      .orderBy(asc(questions.createdAt), asc(questions.id)),
    // The share of ranked attempts that got each question right: its counters summed over the
    // score bands, at most (questions × bands) rows read by primary key.
    db
      .select({
        questionId: questionScoreStats.questionId,
        attempts: sql<number>`sum(${questionScoreStats.attempts})::int`,
        correct: sql<number>`sum(${questionScoreStats.correct})::int`,
      })
      .from(questionScoreStats)
      .where(
        sql`${questionScoreStats.questionId} in (select ${questions.id} from ${questions} where ${questionsOf(ref)})`,
      )
      .groupBy(questionScoreStats.questionId),
    standingAt(db, { ref, userId: attempt.userId }),
  ]);
  if (!target) throw new AppError("NOT_FOUND", REPORT_MESSAGES.notFound);
  // A question dropped out of the total has no verdict once graded (decision 064): not counted.
  const rows = answerRows.filter((r) => r.isCorrect !== null);
  const sealed = sealedUntil(target);
  if (sealed)
    throw new AppError(
      "CONFLICT",
      { key: LIVE_MESSAGES.resultsSealed, values: { time: sealed.toISOString() } },
      { sealedUntil: sealed.toISOString() },
    );

  const rule = markRuleOf(target, rows.length);
  // Verdicts as graded (is_correct), so the counts agree with the stored score, as the review's.
  const { tally: graded } = gradeFor(
    target,
    rows.map((r) => ({
      correctAnswer: "A" as const,
      selectedAnswer:
        r.selectedAnswer === null ? null : r.isCorrect ? ("A" as const) : ("B" as const),
    })),
  );
  const shareOf = new Map(
    shares.map((s) => [s.questionId, percent(Number(s.correct), Number(s.attempts))]),
  );

  // Per question, the verdict is the key's: held where the answer-keys gate holds it (decision
  // 060). The totals stay: they are the score the student was given at submission.
  const holds = await keyHolds(db, {
    viewer: input.viewer,
    questionIds: rows.map((r) => r.questionId),
    now: input.now ?? new Date(),
  });
  const total = emptyTally();
  const byConfidence = new Map<Confidence | null, Tally>(
    [...CONFIDENCE_TAGS, null].map((tag) => [tag, emptyTally()]),
  );
  const bySubject = new Map<
    string,
    {
      tally: Tally;
      subjectId: string | null;
      name: string;
      order: number;
      topics: Map<string, { tally: Tally; topicId: string | null; name: string }>;
    }
  >();
  const timed: Omit<QuestionTime, "isSlow">[] = [];
  const missed: MissedQuestion[] = [];
  rows.forEach((row, index) => {
    const outcome = outcomeOf(row);
    const seconds = row.timeSpentSeconds;
    add(total, outcome, seconds, rule);
    add(byConfidence.get(row.confidence) ?? emptyTally(), outcome, seconds, rule);
    const subjectKey = row.subjectId ?? "";
    let subject = bySubject.get(subjectKey);
    if (!subject) {
      subject = {
        tally: emptyTally(),
        subjectId: row.subjectId,
        name: row.subjectName ?? ANALYSIS_TEXT.untagged,
        order: row.subjectId ? (row.subjectOrder ?? 0) : Number.MAX_SAFE_INTEGER,
        topics: new Map(),
      };
      bySubject.set(subjectKey, subject);
    }
    add(subject.tally, outcome, seconds, rule);
    const topicKey = row.topicId ?? "";
    let topic = subject.topics.get(topicKey);
    if (!topic) {
      topic = {
        tally: emptyTally(),
        topicId: row.topicId,
        name: row.topicName ?? (row.subjectId ? ANALYSIS_TEXT.noTopic : ANALYSIS_TEXT.untagged),
      };
      subject.topics.set(topicKey, topic);
    }
    add(topic.tally, outcome, seconds, rule);
    const shareCorrect = shareOf.get(row.questionId) ?? null;
    const held = holds.has(row.questionId);
    timed.push({
      number: index + 1,
      questionId: row.questionId,
      outcome: held && outcome !== "skipped" ? "answered" : outcome,
      seconds,
      shareCorrect,
    });
    if (
      !held &&
      outcome !== "correct" &&
      shareCorrect !== null &&
      shareCorrect >= MOST_GOT_RIGHT_PERCENT
    ) {
      missed.push({
        number: index + 1,
        questionId: row.questionId,
        questionText: row.questionText,
        outcome,
        shareCorrect,
        subjectName: row.subjectName ?? ANALYSIS_TEXT.untagged,
        topicName: row.topicName,
      });
    }
  });

  const subjectRows: SubjectPerformance[] = [...bySubject.values()]
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map((s) => ({
      ...finish(s.tally),
      subjectId: s.subjectId,
      name: s.name,
      topics: [...s.topics.values()]
        .sort(
          (a, b) =>
            Number(a.topicId === null) - Number(b.topicId === null) || a.name.localeCompare(b.name),
        )
        .map((t): TopicPerformance => ({ ...finish(t.tally), topicId: t.topicId, name: t.name })),
    }));

  const confidenceRows = [...byConfidence].map(([tag, tally]) => ({ tag, ...finish(tally) }));
  const guesses = confidenceRows.find((r) => r.tag === "guess");
  const anyTagged = confidenceRows.some((r) => r.tag !== null && r.questions > 0);

  const averageSeconds = rows.length === 0 ? 0 : round2(total.timeSeconds / rows.length);
  const scale = scoreScaleOf(target);
  const maxScore = scale.max;
  const score = Number(attempt.score ?? 0);
  return {
    attemptId: attempt.id,
    kind: target.kind,
    title: target.title,
    scoreUnit: scale.unit,
    maxScore,
    summary: {
      score,
      scorePercent: maxScore === 0 ? 0 : round2((score / maxScore) * 100),
      marksObtained: graded.marksObtained,
      maxMarks: graded.maxMarks,
      marksGained: round2(total.correct * rule.perQuestion),
      marksLost: round2(total.wrong * rule.penalty),
      total: total.questions,
      attempted: total.attempted,
      correct: total.correct,
      wrong: total.wrong,
      skipped: total.skipped,
      accuracy: percent(total.correct, total.attempted),
      totalTimeSeconds: attempt.timeTakenSeconds ?? total.timeSeconds,
    },
    standing: standing
      ? {
          position: standing.position,
          of: standing.of,
          percentile: standing.percentile,
          score: standing.score,
          averageScore: standing.averageScore,
          topTenAverageScore: standing.topTenAverageScore,
          isThisAttempt: standing.attemptId === attempt.id,
        }
      : null,
    subjects: subjectRows,
    weakestTopics: weakestTopics(subjectRows),
    timePerQuestion: {
      averageSeconds,
      questions: timed.map((q) => ({
        ...q,
        isSlow: averageSeconds > 0 && q.seconds > SLOW_FACTOR * averageSeconds,
      })),
    },
    mostGotRight: missed,
    confidence: {
      rows: confidenceRows,
      guessMarks: guesses?.marks ?? 0,
      verdict: guessVerdict(guesses ?? { attempted: 0, marks: 0 }, anyTagged),
    },
  };
}

/**
 * The topics to practise first: tagged topics (a subject's questions with no topic count as one)
 * where not every question was right, lowest share of right answers first (a skipped question
 * counts against, as in the exam), then the larger topic.
 */
function weakestTopics(rows: SubjectPerformance[]): WeakTopic[] {
  const candidates: WeakTopic[] = [];
  for (const subject of rows) {
    if (subject.subjectId === null) continue;
    for (const topic of subject.topics) {
      if (topic.correct === topic.questions) continue;
      candidates.push({
        subjectId: subject.subjectId,
        subjectName: subject.name,
        topicId: topic.topicId,
        topicName: topic.name,
        questions: topic.questions,
        correct: topic.correct,
        accuracy: topic.accuracy,
        scorePercent: round2((100 * topic.correct) / topic.questions),
        practiceUrl: practiceUrl(subject.subjectId, topic.topicId),
      });
    }
  }
  return candidates
    .sort(
      (a, b) =>
        a.scorePercent - b.scorePercent ||
        b.questions - a.questions ||
        a.subjectName.localeCompare(b.subjectName) ||
        a.topicName.localeCompare(b.topicName),
    )
    .slice(0, WEAKEST_TOPIC_COUNT);
}
