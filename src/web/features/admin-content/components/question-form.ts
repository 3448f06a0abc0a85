import type { FieldErrors, Resolver } from "react-hook-form";
import { OPTION_KEYS, type OptionKey } from "../../../../shared/constants.ts";
import {
  EXAM_MESSAGES,
  HINDI_INCOMPLETE_MESSAGE,
  type QuestionInput,
} from "../../../../shared/exams.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { type HindiDraft, hindiInput } from "./hindi-fields.tsx";
import { type TagDraft, tagInput } from "./question-tag-fields.tsx";
import { parseTarget } from "./target-select.tsx";

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

// Next to a field (in English here; the field shows it in the interface language).
const OPTION_MESSAGES: Record<OptionKey, string> = {
  A: msg("Enter option A."),
  B: msg("Enter option B."),
  C: msg("Enter option C."),
  D: msg("Enter option D."),
};

/** Per-field messages, and the spec's toast text (missing fields first, then a bad answer). */
export function validateQuestionDraft(
  draft: QuestionDraft,
): { ok: true } | { ok: false; errors: QuestionErrors; toast: string } {
  const errors: QuestionErrors = {};
  if (!draft.target) errors.target = msg("Choose an exam or a quiz.");
  if (!draft.questionText.trim()) errors.questionText = msg("Enter the question text.");
  for (const key of OPTION_KEYS) {
    if (!draft.options[key].trim()) errors[`option${key}`] = OPTION_MESSAGES[key];
  }
  const answer = draft.correctAnswer.trim().toUpperCase();
  if (!answer) errors.correctAnswer = msg("Choose the correct answer.");
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

export type QuestionForm = QuestionDraft & { hindi: HindiDraft; tags: TagDraft };

/**
 * The question form's resolver: each invalid field's message (options under `options.A`...),
 * the spec's toast under `root`, and a Hindi version either complete or empty.
 */
export const questionResolver: Resolver<QuestionForm, unknown, QuestionInput> = async (form) => {
  const checked = validateQuestionDraft(form);
  const hindi = hindiInput(form.hindi);
  const tags = tagInput(form.tags);
  if (checked.ok && hindi !== "incomplete" && tags.ok) {
    return {
      values: {
        ...parseTarget(form.target),
        questionText: form.questionText,
        options: form.options,
        correctAnswer: form.correctAnswer,
        explanation: form.explanation.trim() || null,
        translations: hindi ? { hi: hindi } : {},
        ...tags.tags,
      },
      errors: {},
    };
  }
  const errors: FieldErrors<QuestionForm> = {};
  if (!tags.ok) errors.tags = { pyqYear: { type: "validate", message: tags.yearError } };
  const toast = !checked.ok
    ? checked.toast
    : hindi === "incomplete"
      ? HINDI_INCOMPLETE_MESSAGE
      : tags.ok
        ? ""
        : tags.yearError;
  if (!checked.ok) {
    for (const [field, message] of Object.entries(checked.errors)) {
      const error = { type: "validate", message };
      const option = /^option([A-D])$/.exec(field)?.[1] as OptionKey | undefined;
      if (option) errors.options = { ...errors.options, [option]: error };
      else errors[field as "target" | "questionText" | "correctAnswer"] = error;
    }
  }
  return { values: {}, errors: { ...errors, root: { type: "toast", message: toast } } };
};
