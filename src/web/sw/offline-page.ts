import HINDI from "../../shared/i18n/hi/pwa.json";
import type { UiLanguage } from "../../shared/i18n/languages.ts";
import { msg } from "../../shared/i18n/msg.ts";

/** Something readable offline, as the offline page lists it. */
export type SavedReading = {
  page: string;
  title: string;
  /** The title's language (a Hindi title where the reader's language is Hindi and one exists). */
  lang: UiLanguage;
  kind: "article" | "note";
};

const TEXT = {
  title: msg("You are offline"),
  explain: msg(
    "This page needs an internet connection. Articles and notes you opened earlier can still be read.",
  ),
  saved: msg("Saved for offline reading"),
  none: msg(
    "Nothing is saved yet. News articles and notes you open while online are kept here for reading offline.",
  ),
  article: msg("News article"),
  note: msg("Study note"),
  retry: msg("Try again"),
};

const hindi: Record<string, string> = HINDI;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * The page the service worker answers a navigation with when there is no network and the page
 * cannot be drawn from what is saved (decision 045): the app's colours, in the reader's
 * language, and links to every article and note saved for offline reading. No script: it is
 * answered by the worker itself and must work with nothing else available.
 */
export function offlinePageHtml(language: UiLanguage, saved: SavedReading[]): string {
  const t = (text: string) => escapeHtml(language === "hi" ? (hindi[text] ?? text) : text);
  const list =
    saved.length === 0
      ? `<p>${t(TEXT.none)}</p>`
      : `<ul>${saved
          .map(
            (item) =>
              `<li><a href="${escapeHtml(item.page)}" lang="${item.lang}">${escapeHtml(item.title)}</a> <span>${t(
                item.kind === "article" ? TEXT.article : TEXT.note,
              )}</span></li>`,
          )
          .join("")}</ul>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1d4ed8">
<title>${t(TEXT.title)}</title>
<style>
body { margin: 0; background: #f1f5f9; color: #0f172a; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif; line-height: 1.5; }
main { box-sizing: border-box; max-width: 40rem; margin: 0 auto; padding: 32px 16px; }
h1 { margin: 0 0 8px; font-size: 1.5rem; }
h2 { margin: 24px 0 8px; font-size: 1.125rem; }
ul { margin: 0; padding: 0; list-style: none; display: grid; gap: 8px; }
li { background: #fff; border: 1px solid #e2e8f0; border-radius: 8px; padding: 12px; }
li span { display: block; color: #475569; font-size: 0.875rem; }
a { color: #1d4ed8; font-weight: 600; }
.retry { display: inline-block; margin-top: 24px; padding: 10px 16px; border-radius: 8px; background: #1d4ed8; color: #fff; text-decoration: none; }
</style>
</head>
<body>
<main>
<h1>${t(TEXT.title)}</h1>
<p>${t(TEXT.explain)}</p>
<h2>${t(TEXT.saved)}</h2>
${list}
<a class="retry" href="">${t(TEXT.retry)}</a>
</main>
</body>
</html>
`;
}
