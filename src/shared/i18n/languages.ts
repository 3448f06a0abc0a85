/**
 * The languages of the interface (decision 039). English is the product spec's wording and the
 * key of every translation; Hindi is the second language of the product. The same two codes
 * name a question's languages (`LANGUAGES` in quiz-constants.ts).
 */
export const UI_LANGUAGES = ["en", "hi"] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const DEFAULT_UI_LANGUAGE: UiLanguage = "en";

/** Dates and numbers follow the language. */
export const LOCALE_OF: Record<UiLanguage, string> = { en: "en-GB", hi: "hi-IN" };

/** A visitor's choice (before they have an account to remember it), read by the server too. */
export const LANGUAGE_COOKIE = "lang";

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === "string" && (UI_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The interface language a request asks for: a stored choice, else the `lang` cookie, else Hindi
 * when the browser prefers Hindi to English (Accept-Language order), else English.
 */
export function requestedLanguage(input: {
  stored?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): UiLanguage {
  if (isUiLanguage(input.stored)) return input.stored;
  if (isUiLanguage(input.cookie)) return input.cookie;
  const ranked = (input.acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        primary: tag.split("-")[0] ?? "",
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.primary === "hi" || entry.primary === "en")
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.primary === "hi" ? "hi" : DEFAULT_UI_LANGUAGE;
}
