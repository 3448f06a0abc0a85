import type { OptionKey } from "../../../shared/constants.ts";
import type { Language } from "../../../shared/quiz-constants.ts";

type Localisable = {
  questionText: string;
  options: Record<OptionKey, string> | null;
  explanation?: string | null;
  translations?: {
    hi?: { questionText: string; options: Record<OptionKey, string>; explanation?: string | null };
  };
};

/**
 * The question's text in the chosen language, falling back to English where a question has no
 * translation. Only the words change: ids and option keys (what is saved) stay the same.
 */
export function inLanguage<T extends Localisable>(question: T, language: Language): T {
  const hi = language === "hi" ? question.translations?.hi : undefined;
  if (!hi) return question;
  return {
    ...question,
    questionText: hi.questionText,
    options: hi.options,
    ...("explanation" in question ? { explanation: hi.explanation ?? question.explanation } : {}),
  };
}

/**
 * Whether any question has a Hindi version: the switch is offered then, and a question without
 * one stays in English (an exam may mix translated and untranslated questions).
 */
export function hasHindi(questions: { translations?: { hi?: unknown } }[]): boolean {
  return questions.some((q) => Boolean(q.translations?.hi));
}
