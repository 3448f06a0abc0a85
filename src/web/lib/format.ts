import { currentLanguage, currentLocale, i18n } from "./i18n.ts";

const DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: "2-digit", minute: "2-digit" };

/** One formatter per locale and style: the interface language picks the locale (decision 039). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, name: string): Intl.DateTimeFormat {
  const locale = currentLocale();
  const key = `${locale}:${name}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

/**
 * Spec: dates are day, short month, year in en-GB ("21 Nov 2026"); in Hindi, hi-IN
 * ("21 नव॰ 2026").
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "—" : formatter(DATE, "date").format(date);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "—" : formatter(DATE_TIME, "date-time").format(date);
}

/** A count in Indian digit grouping ("1,23,456"), in the interface language's locale. */
export function formatNumber(value: number): string {
  return value.toLocaleString(currentLanguage() === "hi" ? "hi-IN" : "en-IN");
}

/** "12m 05s" style duration for time taken ("12 मि 05 से" in Hindi). */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (totalSeconds == null) return "—";
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = String(Math.round(totalSeconds % 60)).padStart(2, "0");
  return i18n.t("{{minutes}}m {{seconds}}s", { minutes, seconds });
}

/**
 * An open attempt's state. The clock keeps running once an exam starts, so it is never 'Paused':
 * "In progress · 23 min left" (minutes rounded up, so the last seconds still read 1 min).
 */
export function formatInProgress(secondsLeft: number): string {
  if (secondsLeft <= 0) return i18n.t("In progress · time is up");
  return i18n.t("In progress · {{minutes}} min left", { minutes: Math.ceil(secondsLeft / 60) });
}

/**
 * An exam score in percent, the one format of the submit toast, the summary and the review:
 * two decimals ("66.67%"). The results list rounds to a whole percent (spec), with `whole`.
 */
export function formatScorePercent(score: number | null | undefined, whole = false): string {
  const value = score ?? 0;
  return whole ? `${Math.round(value)}%` : `${value.toFixed(2)}%`;
}
