import { OPTION_KEYS, type OptionKey } from "../../../../shared/constants.ts";
import { EXAM_MESSAGES } from "../../../../shared/exams.ts";

export type QuestionDraft = {
  /** "exam:<id>" or "quiz:<id>" (target-select.tsx). */
  target: string;
  questionText: string;
  options: Record<OptionKey, string>;
  correctAnswer: string;
  explanation: string;
};

export type QuestionField = "target" | "questionText" | `option${OptionKey}` | "correctAnswer";
export type QuestionErrors = Partial<Record<QuestionField, string>>;

/** Fields in form order with their element ids; the first invalid one gets focus. */
export const QUESTION_FIELD_IDS: Record<QuestionField, string> = {
  target: "question-exam",
  questionText: "question-text",
  optionA: "question-option-A",
  optionB: "question-option-B",
  optionC: "question-option-C",
  optionD: "question-option-D",
  correctAnswer: "question-answer",
};

/** Per-field messages, and the spec's toast text (missing fields first, then a bad answer). */
export function validateQuestionDraft(
  draft: QuestionDraft,
): { ok: true } | { ok: false; errors: QuestionErrors; toast: string } {
  const errors: QuestionErrors = {};
  if (!draft.target) errors.target = "Choose an exam or a quiz.";
  if (!draft.questionText.trim()) errors.questionText = "Enter the question text.";
  for (const key of OPTION_KEYS) {
    if (!draft.options[key].trim()) errors[`option${key}`] = `Enter option ${key}.`;
  }
  const answer = draft.correctAnswer.trim().toUpperCase();
  if (!answer) errors.correctAnswer = "Choose the correct answer.";
  else if (!OPTION_KEYS.includes(answer as OptionKey))
    errors.correctAnswer = EXAM_MESSAGES.invalidCorrectAnswer;
  if (Object.keys(errors).length === 0) return { ok: true };
  const isOnlyBadAnswer =
    Object.keys(errors).length === 1 && errors.correctAnswer === EXAM_MESSAGES.invalidCorrectAnswer;
  return {
    ok: false,
    errors,
    toast: isOnlyBadAnswer ? EXAM_MESSAGES.invalidCorrectAnswer : EXAM_MESSAGES.questionValidation,
  };
}

export function firstInvalidQuestionField(errors: QuestionErrors): string | null {
  const field = (Object.keys(QUESTION_FIELD_IDS) as QuestionField[]).find((f) => errors[f]);
  return field ? QUESTION_FIELD_IDS[field] : null;
}
