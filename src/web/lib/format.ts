import { INDIA_OFFSET_MS } from "../../shared/home.ts";
import { formatIndianNumber } from "../../shared/indian-number.ts";
import { i18n, currentLocale as locale } from "./i18n.ts";

/*
 * Dates and numbers in the spec's formats, written here rather than by `Intl`: a page's first
 * `Intl` format made the engine load its locale data, tens of milliseconds of a phone's main
 * thread in the page's start-up (its Total Blocking Time, decision 054). The text is what
 * `Intl.DateTimeFormat` and `Intl.NumberFormat` write for en-GB and hi-IN (format.test.ts checks
 * every month and hour against them), and the server's render and the browser's write the same
 * text by construction.
 */

/** en-GB's and hi-IN's short month names, as CLDR gives them. */
const MONTHS: Record<string, readonly string[]> = {
  "en-GB": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  "hi-IN": ["जन॰", "फ़र॰", "मार्च", "अप्रैल", "मई", "जून", "जुल॰", "अग॰", "सित॰", "अक्टू॰", "नव॰", "दिस॰"],
};

/** A date's calendar fields, in the device's zone or (with `india`) in India's. */
type Fields = { day: number; month: number; year: number; hour: number; minute: number };
function fieldsOf(date: Date, india: boolean): Fields {
  if (!india) {
    return {
      day: date.getDate(),
      month: date.getMonth(),
      year: date.getFullYear(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  }
  // India's clock is UTC+5:30 all year (no daylight saving since 1945).
  const shifted = new Date(date.getTime() + INDIA_OFFSET_MS);
  return {
    day: shifted.getUTCDate(),
    month: shifted.getUTCMonth(),
    year: shifted.getUTCFullYear(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** "21 Nov 2026" (en-GB), "21 नव॰ 2026" (hi-IN). */
function dayText({ day, month, year }: Fields): string {
  const months = MONTHS[locale()] ?? MONTHS["en-GB"];
  return `${day} ${months?.[month]} ${year}`;
}

/**
 * The time of day: en-GB's 24-hour "20:17"; in Hindi, the hour of a 12-hour clock after the
 * time of day in words ("रात 8:17", "सुबह 10:00"), CLDR's Hindi day periods, as hi-IN's clock says
 * "am"/"pm" in Latin letters.
 */
function timeText({ hour, minute }: Fields): string {
  if (locale() !== "hi-IN") return `${twoDigits(hour)}:${twoDigits(minute)}`;
  const period =
    hour < 4 ? "रात" : hour < 12 ? "सुबह" : hour < 16 ? "दोपहर" : hour < 20 ? "शाम" : "रात";
  return `${period} ${hour % 12 === 0 ? 12 : hour % 12}:${twoDigits(minute)}`;
}

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
  return date ? dayText(fieldsOf(date, false)) : "—";
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return "—";
  const fields = fieldsOf(date, false);
  return `${dayText(fields)}, ${timeText(fields)}`;
}

/**
 * A date and time in India's time (Asia/Kolkata), said so ("5 Dec 2026, 10:00 IST"): for times
 * set for everyone in India at once (an All-India live test), which read the same on every
 * device and in the server's render as in the browser.
 */
export function formatIndiaDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return "—";
  const fields = fieldsOf(date, true);
  const time = `${dayText(fields)}, ${timeText(fields)}`;
  return i18n.t("{{time}} IST", { time });
}
/** A count with Indian digit grouping ("1,00,000"), in the interface language's digits. */
export function formatNumber(value: number): string {
  return formatIndianNumber(value);
}

/**
 * Net marks with their sign ("+2", "−1.33", "0"), at most two decimals, in the interface
 * language's digits; the minus is the true minus sign (U+2212).
 */
export function formatSignedMarks(value: number): string {
  return formatIndianNumber(value, { maximumFractionDigits: 2, signDisplay: "exceptZero" }).replace(
    "-",
    "\u2212",
  );
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
