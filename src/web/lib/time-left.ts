import { formatNumber } from "./format.ts";
import { i18n } from "./i18n.ts";

/**
 * A span of time as a mentor reads it: days and hours ("2 days 3 h"), hours ("5 h") or, under an
 * hour, minutes ("45 min"). The sign is ignored; `formatTimeLeft` says which way it goes.
 */
export function formatSpan(seconds: number): string {
  const total = Math.abs(seconds);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  if (days > 0) {
    return hours > 0
      ? i18n.t("{{count}} days {{hours}} h", { count: days, hours })
      : i18n.t("{{count}} days", { count: days });
  }
  if (hours > 0) return i18n.t("{{hours}} h", { hours });
  return i18n.t("{{minutes}} min", { minutes: Math.max(1, Math.floor(total / 60)) });
}

/**
 * Time left against the promised turnaround (decision 042): "Due in 2 days 3 h", or past it,
 * "Overdue by 5 h". Null (no due date) is a dash.
 */
export function formatTimeLeft(secondsLeft: number | null | undefined): string {
  if (secondsLeft === null || secondsLeft === undefined) return "—";
  const time = formatSpan(secondsLeft);
  return secondsLeft >= 0
    ? i18n.t("Due in {{time}}", { time })
    : i18n.t("Overdue by {{time}}", { time });
}

/** Seconds from now until `iso` (negative once past); null without a date. */
export function secondsUntil(iso: string | null | undefined, now = Date.now()): number | null {
  if (!iso) return null;
  const at = new Date(iso).getTime();
  return Number.isNaN(at) ? null : Math.round((at - now) / 1000);
}

/** A turnaround in hours, one decimal at most ("31.5 h"); a dash when there is none yet. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return "—";
  return i18n.t("{{hours}} h", { hours: formatNumber(Math.round(hours * 10) / 10) });
}
