import { currentLocale } from "./i18n.ts";

const DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: "2-digit", minute: "2-digit" };

/** One formatter per locale and style, made when a language is first shown. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(options: Intl.DateTimeFormatOptions, style: string): Intl.DateTimeFormat {
  const locale = currentLocale();
  const key = `${locale} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Spec: dates are day, short month, year in en-GB ("21 Nov 2026"); in Hindi the same in hi-IN
 * ("21 नव॰ 2026"), the interface language's locale (decision 039).
 */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatterFor(DATE, "date").format(date) : "—";
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatterFor(DATE_TIME, "date-time").format(date) : "—";
}

/** "12m 05s" style duration for time taken. */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (totalSeconds == null) return "—";
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.round(totalSeconds % 60);
  return `${minutes}m ${String(seconds).padStart(2, "0")}s`;
}

/**
 * An open attempt's state. The clock keeps running once an exam starts, so it is never 'Paused':
 * "In progress · 23 min left" (minutes rounded up, so the last seconds still read 1 min).
 */
export function formatInProgress(secondsLeft: number): string {
  if (secondsLeft <= 0) return "In progress · time is up";
  return `In progress · ${Math.ceil(secondsLeft / 60)} min left`;
}

/**
 * An exam score in percent, the one format of the submit toast, the summary and the review:
 * two decimals ("66.67%"). The results list rounds to a whole percent (spec), with `whole`.
 */
export function formatScorePercent(score: number | null | undefined, whole = false): string {
  const value = score ?? 0;
  return whole ? `${Math.round(value)}%` : `${value.toFixed(2)}%`;
}
