import type { OptionKey } from "./constants.ts";

export type ScoringRules = {
  passingMarks: number;
  /** Both null: plain percentage of correct answers (the spec's rule). */
  marksPerQuestion: number | null;
  negativeMarkFraction: number | null;
};

export type ScoredQuestion = { correctAnswer: OptionKey; selectedAnswer: OptionKey | null };

export type Score = {
  total: number;
  correct: number;
  wrong: number;
  unanswered: number;
  marksObtained: number;
  maxMarks: number;
  /** Percent with 2 decimals; may be negative under negative marking. */
  scorePercent: number;
  passed: boolean;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * What one answer is worth under the rules: a correct one earns `perQuestion` (1 when the exam
 * sets no marks), a wrong one loses `penalty` (0 without negative marking). The grader's rule,
 * also used by the report's per-group marks.
 */
export function answerMarks(
  rules: Pick<ScoringRules, "marksPerQuestion" | "negativeMarkFraction">,
) {
  const perQuestion = rules.marksPerQuestion ?? 1;
  const penalty =
    rules.marksPerQuestion === null ? 0 : perQuestion * (rules.negativeMarkFraction ?? 0);
  return { perQuestion, penalty };
}

/**
 * Without negative marking the score is the percentage of correct answers. With it, each correct
 * answer earns `marksPerQuestion`, each wrong one loses `marksPerQuestion × fraction` (unanswered:
 * nothing), and the score is marks obtained over maximum marks, as a percent.
 */
export function scoreAttempt(questions: ScoredQuestion[], rules: ScoringRules): Score {
  const total = questions.length;
  let correct = 0;
  let wrong = 0;
  for (const q of questions) {
    if (q.selectedAnswer === null) continue;
    if (q.selectedAnswer === q.correctAnswer) correct += 1;
    else wrong += 1;
  }
  const unanswered = total - correct - wrong;
  const { perQuestion, penalty } = answerMarks(rules);
  const marks = correct * perQuestion - wrong * penalty;
  const max = total * perQuestion;
  const scorePercent = total === 0 ? 0 : round2((marks / max) * 100);
  return {
    total,
    correct,
    wrong,
    unanswered,
    marksObtained: round2(marks),
    maxMarks: round2(max),
    scorePercent,
    passed: scorePercent >= rules.passingMarks,
  };
}

/**
 * Spec, quiz scoring: correct answers ÷ number of questions × total marks, or × 100 when the quiz
 * has no total marks. No negative marking and no pass mark.
 */
export function scoreQuiz(questions: ScoredQuestion[], totalMarks: number | null): Score {
  const plain = scoreAttempt(questions, {
    passingMarks: 0,
    marksPerQuestion: null,
    negativeMarkFraction: null,
  });
  const maxMarks = totalMarks ?? 100;
  const marks = plain.total === 0 ? 0 : round2((plain.correct / plain.total) * maxMarks);
  return { ...plain, marksObtained: marks, maxMarks, passed: false };
}

/** A question's key after any key change (decision 064): the options also accepted, a drop. */
export type KeyRule = {
  correctAnswer: OptionKey;
  alsoAccepted?: readonly string[];
  droppedAs?: "award" | "exclude" | null;
};

/**
 * Whether `selected` is right under the key (the server's `verdictSql` in TypeScript, for a
 * verdict given one answer at a time): the key or an option also accepted; any answer to a
 * dropped question.
 */
export function isAcceptedAnswer(selected: OptionKey, key: KeyRule): boolean {
  if (key.droppedAs) return true;
  return selected === key.correctAnswer || (key.alsoAccepted ?? []).includes(selected);
}
