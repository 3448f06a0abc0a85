import type { AttemptKind } from "./attempt-kinds.ts";
import type { Confidence, GuessVerdict } from "./confidence.ts";
import { msg } from "./i18n/msg.ts";

/**
 * The student's diagnostic report on a completed attempt and their progress over time (decision
 * 037): the words, thresholds and the shapes the server sends. No zod here: the result
 * pages import it and stay light.
 */

export const ANALYSIS_TEXT = {
  heading: msg("Analysis"),
  summary: msg("Summary"),
  standing: msg("Where you stand"),
  subjects: msg("Subject-wise performance"),
  weakest: msg("Weakest topics"),
  time: msg("Time per question"),
  mostGotRight: msg("Questions most students got right that you missed"),
  confidence: msg("Accuracy by confidence"),
  guessing: msg("What guessing cost you"),
  untagged: msg("Untagged"),
  noTopic: msg("No topic"),
  showTable: msg("Show as table"),
  showChart: msg("Show as chart"),
  notRanked: msg("Your rank and percentile count your first attempt at this paper."),
  mostGotRightEmpty: msg("None: you missed no question that most students got right."),
  progressTitle: msg("My Progress"),
  progressEmpty: msg("No attempts yet. Take an exam and your progress shows here."),
} as const;

/** A question you missed is listed when at least this share (%) of students got it right. */
export const MOST_GOT_RIGHT_PERCENT = 60;
/** A question took long when its time is more than this many times your average. */
export const SLOW_FACTOR = 2;
/** How many weakest topics the report lists first. */
export const WEAKEST_TOPIC_COUNT = 3;
/** My Progress: accuracy by subject over this many days, against the days before them. */
export const PROGRESS_WINDOW_DAYS = 30;
/** My Progress: at most this many attempts in the score-over-time charts (newest). */
export const PROGRESS_MAX_POINTS = 100;

/** A weak topic is practised in a practice test of that topic (or of its subject). */
export function practiceUrl(subjectId: string, topicId?: string | null): string {
  const params = new URLSearchParams({ subjectId });
  if (topicId) params.append("topicId", topicId);
  return `/student/practice?${params}`;
}

/**
 * A question's outcome in a report. "answered": the student answered it, and its verdict is held
 * by the answer-keys gate (one of their open attempts holds the question).
 */
export type Outcome = "correct" | "wrong" | "skipped" | "answered";

export type Performance = {
  questions: number;
  attempted: number;
  correct: number;
  wrong: number;
  skipped: number;
  /** correct ÷ attempted, in percent (two decimals); null when nothing was attempted. */
  accuracy: number | null;
  /** Marks gained minus marks lost. */
  marks: number;
  timeSeconds: number;
};

export type TopicPerformance = Performance & { topicId: string | null; name: string };

export type SubjectPerformance = Performance & {
  /** Null: the questions with no subject ("Untagged"). */
  subjectId: string | null;
  name: string;
  topics: TopicPerformance[];
};

export type WeakTopic = {
  subjectId: string;
  subjectName: string;
  topicId: string | null;
  topicName: string;
  questions: number;
  correct: number;
  accuracy: number | null;
  /** correct ÷ questions, in percent: what orders the weakest (skipped counts against). */
  scorePercent: number;
  practiceUrl: string;
};

export type QuestionTime = {
  number: number;
  questionId: string;
  outcome: Outcome;
  seconds: number;
  /** More than SLOW_FACTOR × your average seconds per question. */
  isSlow: boolean;
  /** The share (%) of ranked attempts that got it right; null when none has been counted. */
  shareCorrect: number | null;
};

export type MissedQuestion = {
  number: number;
  questionId: string;
  questionText: string;
  outcome: "wrong" | "skipped";
  shareCorrect: number;
  subjectName: string;
  topicName: string | null;
};

export type AttemptStanding = {
  position: number;
  of: number;
  percentile: number;
  /** The ranked attempt's score, in the report's score unit. */
  score: number;
  averageScore: number;
  topTenAverageScore: number;
  /** False when this attempt is a later try: the standing is of the first. */
  isThisAttempt: boolean;
};

export type AttemptReport = {
  attemptId: string;
  kind: AttemptKind;
  title: string;
  /** Exams store a percent, quizzes marks out of `maxScore`. */
  scoreUnit: "percent" | "marks";
  maxScore: number;
  summary: {
    score: number;
    scorePercent: number;
    marksObtained: number;
    maxMarks: number;
    marksGained: number;
    /** Lost to negative marking (0 without it). */
    marksLost: number;
    total: number;
    attempted: number;
    correct: number;
    wrong: number;
    skipped: number;
    accuracy: number | null;
    totalTimeSeconds: number;
  };
  standing: AttemptStanding | null;
  subjects: SubjectPerformance[];
  weakestTopics: WeakTopic[];
  timePerQuestion: { averageSeconds: number; questions: QuestionTime[] };
  mostGotRight: MissedQuestion[];
  /**
   * Accuracy by confidence: one row per tag, then the untagged answers (`tag` null),
   * always all four; `marks` is the net under the attempt's marking (gained minus lost).
   */
  confidence: {
    rows: ConfidenceRow[];
    /** The net marks of the answers tagged Guess. */
    guessMarks: number;
    verdict: GuessVerdict;
  };
};

export type ConfidenceRow = Performance & { tag: Confidence | null };

export type ProgressPoint = {
  attemptId: string;
  title: string;
  completedAt: string;
  scorePercent: number;
};

export type SubjectAccuracy = {
  subjectId: string | null;
  name: string;
  attempted: number;
  correct: number;
  /** Accuracy (%) over the last PROGRESS_WINDOW_DAYS days. */
  accuracy: number;
  /** Accuracy (%) over the window before it; null when nothing was attempted then. */
  previousAccuracy: number | null;
  /** accuracy - previousAccuracy, in points; null without a previous window. */
  trend: number | null;
};

export type StudentProgress = {
  completedAttempts: number;
  totalStudySeconds: number;
  scores: { exams: ProgressPoint[]; quizzes: ProgressPoint[] };
  subjectAccuracy: SubjectAccuracy[];
  /** One entry per day of the window, oldest first, in the student's time zone. */
  questionsPerDay: { day: string; answered: number }[];
};
