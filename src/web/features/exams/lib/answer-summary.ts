import { i18n } from "@web/lib/i18n.ts";

/** Where one question stands. Answered and marked-for-review are independent: both can be true. */
export type QuestionState = { answered: boolean; marked: boolean };

export type AnswerSummary = {
  /** One entry per question, in the attempt's order. */
  states: QuestionState[];
  total: number;
  /** Questions with a choice, marked or not. */
  answered: number;
  unanswered: number;
  /** Questions marked for review, answered or not. */
  marked: number;
  /** Questions both answered and marked (counted in `answered` and in `marked`). */
  answeredAndMarked: number;
};

type ChoiceLike = { selectedAnswer: string | null; markedForReview: boolean };

/**
 * The one count of answered, unanswered and marked questions: the palette's header and legend and
 * the submit dialog all show this, so they can never disagree.
 */
export function summariseAnswers(
  questions: readonly { id: string }[],
  choices: Readonly<Record<string, ChoiceLike | undefined>>,
): AnswerSummary {
  const states = questions.map((q) => {
    const choice = choices[q.id];
    return { answered: Boolean(choice?.selectedAnswer), marked: Boolean(choice?.markedForReview) };
  });
  const answered = states.filter((s) => s.answered).length;
  return {
    states,
    total: states.length,
    answered,
    unanswered: states.length - answered,
    marked: states.filter((s) => s.marked).length,
    answeredAndMarked: states.filter((s) => s.answered && s.marked).length,
  };
}

/**
 * How a palette square names its question, e.g. 'Question 4, answered, marked for review', in the
 * interface language.
 */
export function describeQuestionState(index: number, state: QuestionState): string {
  const number = index + 1;
  if (state.marked) {
    return state.answered
      ? i18n.t("Question {{number}}, answered, marked for review", { number })
      : i18n.t("Question {{number}}, unanswered, marked for review", { number });
  }
  return state.answered
    ? i18n.t("Question {{number}}, answered", { number })
    : i18n.t("Question {{number}}, unanswered", { number });
}
