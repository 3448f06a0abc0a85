import type { OptionKey } from "./constants.ts";

/** A question's text, options and explanation in one other language. */
export type QuestionTranslation = {
  questionText: string;
  options: Record<OptionKey, string>;
  explanation: string | null;
};

/** Keyed by language code; English is the question's own columns. */
export type QuestionTranslations = { hi?: QuestionTranslation };

/** The same translation without the explanation: what a student sees before completing. */
export type QuestionTranslationText = Omit<QuestionTranslation, "explanation">;

/** Drops explanations so nothing of the answer key reaches an open attempt. */
export function withoutExplanations(translations: QuestionTranslations): {
  hi?: QuestionTranslationText;
} {
  const hi = translations.hi;
  return hi ? { hi: { questionText: hi.questionText, options: { ...hi.options } } } : {};
}
