import { i18n, currentLocale as locale } from "./i18n.ts";

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  const full = `${locale()} ${key}`;
  let format = formats.get(full);
  if (!format) {
    format = make();
    formats.set(full, format);
  }
  return format as T;
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

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Spec: dates are day, short month, year in en-GB ("21 Nov 2026"); in Hindi, hi-IN's. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat().format(date) : "—";
}

const dateFormat = () => cached("date", () => new Intl.DateTimeFormat(locale(), DATE));

/**
 * The engine's first date format loads its locale and zone data (tens of milliseconds on a phone,
 * more in Hindi): made here, in the interface language, in a task of its own before the first
 * render, rather than inside a hydration slice of the pages that show a date (main.tsx).
 */
export function prepareDateFormat(): void {
  dateFormat().format(0);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date
    ? cached(
        "datetime",
        () => new Intl.DateTimeFormat(locale(), locale() === "hi-IN" ? DATE_TIME_HINDI : DATE_TIME),
      ).format(date)
    : "—";
}

/**
 * A date and time in India's time (Asia/Kolkata), said so ("5 Dec 2026, 10:00 IST"): for times
 * set for everyone in India at once (an All-India live test), which read the same on every
 * device and in the server's render as in the browser.
 */
export function formatIndiaDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return "—";
  const time = cached(
    "datetime-india",
    () =>
      new Intl.DateTimeFormat(locale(), {
        ...(locale() === "hi-IN" ? DATE_TIME_HINDI : DATE_TIME),
        timeZone: INDIA_TIME_ZONE,
      }),
  ).format(date);
  return i18n.t("{{time}} IST", { time });
}
const INDIA_TIME_ZONE = "Asia/Kolkata";

/** A count with Indian digit grouping ("1,00,000"), in the interface language's digits. */
export function formatNumber(value: number): string {
  return cached("number", () => new Intl.NumberFormat(LOCALE_NUMBER[locale()] ?? "en-IN")).format(
    value,
  );
}
const LOCALE_NUMBER: Record<string, string> = { "en-GB": "en-IN", "hi-IN": "hi-IN" };

/**
 * Net marks with their sign ("+2", "−1.33", "0"), at most two decimals, in the interface
 * language's digits; the minus is the true minus sign (U+2212).
 */
export function formatSignedMarks(value: number): string {
  const format = cached(
    "signed-marks",
    () =>
      new Intl.NumberFormat(LOCALE_NUMBER[locale()] ?? "en-IN", {
        maximumFractionDigits: 2,
        signDisplay: "exceptZero",
      }),
  );
  return format.format(value).replace("-", "\u2212");
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
