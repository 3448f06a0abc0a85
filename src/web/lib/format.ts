import { i18n, currentLocale as locale } from "./i18n.ts";

type Format = Intl.DateTimeFormat | Intl.NumberFormat;

/** Every format this module makes, by name, in the interface language (`locale()`). */
const MAKERS = {
  date: () => new Intl.DateTimeFormat(locale(), DATE),
  datetime: () =>
    new Intl.DateTimeFormat(locale(), locale() === "hi-IN" ? DATE_TIME_HINDI : DATE_TIME),
  "datetime-india": () =>
    new Intl.DateTimeFormat(locale(), {
      ...(locale() === "hi-IN" ? DATE_TIME_HINDI : DATE_TIME),
      timeZone: INDIA_TIME_ZONE,
    }),
  number: () => new Intl.NumberFormat(LOCALE_NUMBER[locale()] ?? "en-IN"),
  "signed-marks": () =>
    new Intl.NumberFormat(LOCALE_NUMBER[locale()] ?? "en-IN", {
      maximumFractionDigits: 2,
      signDisplay: "exceptZero",
    }),
} satisfies Record<string, () => Format>;
type FormatName = keyof typeof MAKERS;

const formats = new Map<string, Format>();
/** The formats asked for since the last `formatsUsedBy` began (the server's render). */
const used = new Set<FormatName>();
function cached<K extends FormatName>(name: K): ReturnType<(typeof MAKERS)[K]> {
  used.add(name);
  const full = `${locale()} ${name}`;
  let format = formats.get(full);
  if (!format) {
    format = MAKERS[name]();
    formats.set(full, format);
  }
  return format as ReturnType<(typeof MAKERS)[K]>;
}

/**
 * Runs `render` (the server's synchronous render of a page) and says which formats it used, for
 * the page state: the browser makes those before it hydrates (`prepareFormats`).
 */
export function formatsUsedBy<T>(render: () => T): { result: T; formats: string[] } {
  used.clear();
  const result = render();
  return { result, formats: [...used] };
}

/**
 * Makes the named formats (those the server's render of this page used), so the first render does
 * not: the engine's first date format loads its locale and zone data, tens of milliseconds on a
 * phone, which had landed inside a hydration slice (issue 23's Total Blocking Time). One a call,
 * for main.tsx to give each a task of its own; unknown names are ignored.
 */
export function prepareFormat(name: string): void {
  if (Object.hasOwn(MAKERS, name)) cached(name as FormatName).format(0);
}

const DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: "2-digit", minute: "2-digit" };
/**
 * hi-IN's clock says "am"/"pm" in Latin letters; the time of day in words ("सुबह 8:47", "रात
 * 8:17") is how Hindi writes it.
 */
const DATE_TIME_HINDI: Intl.DateTimeFormatOptions = {
  ...DATE,
  hour: "numeric",
  minute: "2-digit",
  dayPeriod: "short",
};

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const day = typeof value === "string" ? CALENDAR_DAY.exec(value) : null;
  // A calendar day ("2026-05-24", an exam date) is that day wherever the reader is: JavaScript
  // reads it as midnight UTC, which west of UTC is the evening before.
  const date = day
    ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
    : typeof value === "string"
      ? new Date(value)
      : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Spec: dates are day, short month, year in en-GB ("21 Nov 2026"); in Hindi, hi-IN's. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? cached("date").format(date) : "—";
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? cached("datetime").format(date) : "—";
}

/**
 * A date and time in India's time (Asia/Kolkata), said so ("5 Dec 2026, 10:00 IST"): for times
 * set for everyone in India at once (an All-India live test), which read the same on every
 * device and in the server's render as in the browser.
 */
export function formatIndiaDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return "—";
  const time = cached("datetime-india").format(date);
  return i18n.t("{{time}} IST", { time });
}
const INDIA_TIME_ZONE = "Asia/Kolkata";

/** A count with Indian digit grouping ("1,00,000"), in the interface language's digits. */
export function formatNumber(value: number): string {
  return cached("number").format(value);
}
const LOCALE_NUMBER: Record<string, string> = { "en-GB": "en-IN", "hi-IN": "hi-IN" };

/**
 * Net marks with their sign ("+2", "−1.33", "0"), at most two decimals, in the interface
 * language's digits; the minus is the true minus sign (U+2212).
 */
export function formatSignedMarks(value: number): string {
  return cached("signed-marks").format(value).replace("-", "\u2212");
}

/** "12m 05s" style duration for time taken. */
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
