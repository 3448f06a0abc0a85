import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { ENGLISH } from "../../shared/i18n/en.ts";
import {
  DEFAULT_UI_LANGUAGE,
  isUiLanguage,
  LANGUAGE_COOKIE,
  LOCALE_OF,
  requestedLanguage,
  type UiLanguage,
} from "../../shared/i18n/languages.ts";

/**
 * The interface language (decision 039): i18next with the English text as the key, so every
 * English string stays the spec's exact words and a missing Hindi entry shows English, never a
 * key. The Hindi catalog is a chunk of its own, loaded only when Hindi is chosen.
 */
void i18n.use(initReactI18next).init({
  lng: DEFAULT_UI_LANGUAGE,
  fallbackLng: DEFAULT_UI_LANGUAGE,
  supportedLngs: ["en", "hi"],
  resources: { en: { translation: ENGLISH } },
  // Natural-language keys: "." and ":" are text, not paths or namespaces.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  react: { useSuspense: false },
  initAsync: false,
});

export { i18n };

const STORAGE_KEY = "ui-language";

async function loadHindi() {
  if (i18n.hasResourceBundle("hi", "translation")) return;
  // The catalog and the Devanagari font, each a chunk of its own, fetched side by side.
  const [{ HINDI }] = await Promise.all([
    import("../../shared/i18n/hi/index.ts"),
    import("./devanagari-font.ts"),
  ]);
  i18n.addResourceBundle("hi", "translation", HINDI, true, true);
}

/** The language this browser last chose, else what it prefers (before the session is known). */
export function initialLanguage(): UiLanguage {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (some private modes): the cookie and the browser's preference decide.
  }
  const cookie = document.cookie
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return requestedLanguage({
    stored,
    cookie,
    acceptLanguage: navigator.languages?.join(",") ?? navigator.language,
  });
}

/**
 * Shows the interface in `language`: loads its catalog if needed, sets `<html lang>`, and
 * remembers it on this device (storage, and a cookie the server reads for a visitor's pages).
 */
export async function applyLanguage(language: UiLanguage): Promise<void> {
  if (language === "hi") await loadHindi();
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // The cookie below still remembers it.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie, no cookie store API in every browser we serve
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** The language the interface is in now. */
export function currentLanguage(): UiLanguage {
  return isUiLanguage(i18n.language) ? i18n.language : DEFAULT_UI_LANGUAGE;
}

/** The locale dates and numbers are written in for the current language. */
export function currentLocale(): string {
  return LOCALE_OF[currentLanguage()];
}
