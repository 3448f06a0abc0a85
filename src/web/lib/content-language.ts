import { useTranslation } from "react-i18next";
import type { UiLanguage } from "../../shared/i18n/languages.ts";

/** A text to show, and the language it is in (the `lang` of the element that holds it). */
export type LocalText = { text: string; lang: UiLanguage };

/**
 * A text an admin may also have written in Hindi (a news article's title, body or summary, a
 * quiz's title): the Hindi when the interface is Hindi and a Hindi text exists, else the "English"
 * one (the text of the main field, marked Hindi if it is written in Devanagari).
 * Put `lang` on the element that shows it, so screen readers and axe read a Hindi text, or an
 * English one inside a Hindi page, in its own language.
 */
export function pickText(
  english: string,
  hindi: string | null | undefined,
  language: string,
): LocalText {
  if (language === "hi" && hindi) return { text: hindi, lang: "hi" };
  return { text: english, lang: contentLang(english) ?? "en" };
}

const DEVANAGARI = /[\u0900-\u097F]/;
const LATIN = /[A-Za-z]/;

/**
 * The language of a text an admin wrote with no Hindi version (a category, an exam's title): it
 * may still be written in Hindi, and Devanagari in it means it is; Latin letters alone mean
 * English. Put it on the element that shows the text, so inside a Hindi page an English name is
 * read as English. Undefined (inherit the page's) for a text without letters ("50%").
 */
export function contentLang(text: string | null | undefined): UiLanguage | undefined {
  if (!text) return undefined;
  if (DEVANAGARI.test(text)) return "hi";
  return LATIN.test(text) ? "en" : undefined;
}

/** `pickText` in the interface language; the component re-renders when the language changes. */
export function usePickText(): (english: string, hindi: string | null | undefined) => LocalText {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (english, hindi) => pickText(english, hindi, language);
}
