import { useTranslation } from "react-i18next";
import type { UiLanguage } from "../../shared/i18n/languages.ts";

/** A text to show, and the language it is in (the `lang` of the element that holds it). */
export type LocalText = { text: string; lang: UiLanguage };

/**
 * A text an admin may also have written in Hindi (a news article's title, body or summary, a
 * quiz's title): the Hindi when the interface is Hindi and a Hindi text exists, else the English.
 * Put `lang` on the element that shows it, so screen readers and axe read a Hindi text, or an
 * English one inside a Hindi page, in its own language.
 */
export function pickText(
  english: string,
  hindi: string | null | undefined,
  language: string,
): LocalText {
  return language === "hi" && hindi ? { text: hindi, lang: "hi" } : { text: english, lang: "en" };
}

/** `pickText` in the interface language; the component re-renders when the language changes. */
export function usePickText(): (english: string, hindi: string | null | undefined) => LocalText {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (english, hindi) => pickText(english, hindi, language);
}
