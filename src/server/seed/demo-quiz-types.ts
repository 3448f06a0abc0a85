import type { OptionKey } from "../../shared/constants.ts";
import type { QuizDifficulty } from "../../shared/quiz-constants.ts";

type Hindi = { text: string; options: [string, string, string, string]; explanation: string };

export type DemoQuizQuestion = {
  text: string;
  options: [string, string, string, string];
  answer: OptionKey;
  explanation: string;
  hi?: Hindi;
};

export type DemoQuiz = {
  key: string;
  title: string;
  /** The Hindi title, shown when the interface is Hindi. */
  titleHi: string;
  /** Published this many days before today (negative: scheduled for later). */
  daysAgo: number;
  isFree: boolean;
  difficulty: QuizDifficulty;
  durationMinutes: number;
  totalMarks: number | null;
  hasPdf?: boolean;
  questions: DemoQuizQuestion[];
};

export const q = (
  text: string,
  options: [string, string, string, string],
  answer: OptionKey,
  explanation: string,
  hi?: Hindi,
): DemoQuizQuestion => ({ text, options, answer, explanation, hi });

export const hi = (
  text: string,
  options: [string, string, string, string],
  explanation: string,
): Hindi => ({ text, options, explanation });
