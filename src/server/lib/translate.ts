import i18next, { type TFunction } from "i18next";
import { ENGLISH } from "../../shared/i18n/en.ts";
import { HINDI } from "../../shared/i18n/hi/index.ts";
import type { UiLanguage } from "../../shared/i18n/languages.ts";

/**
 * Server-side texts (emails) in the reader's language: the client's catalog and rules (decision
 * 039): the English text is the key, a missing Hindi entry falls back to English. Values are not
 * HTML-escaped here; an HTML body escapes what it writes.
 */
const instance = i18next.createInstance();
void instance.init({
  lng: "en",
  fallbackLng: "en",
  supportedLngs: ["en", "hi"],
  resources: { en: { translation: ENGLISH }, hi: { translation: HINDI } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
});

/** A `t` for one language, as the client's `t`. */
export function translatorFor(language: UiLanguage): TFunction {
  return instance.getFixedT(language);
}
