import { z } from "zod";
import { DEFAULT_TIME_ZONE, INDIA_OFFSET_MS, indiaToday } from "../../shared/home.ts";
import { text } from "../../shared/text.ts";

/** Calendar helpers shared by modules (decision 033: they live here, not inside a module). */

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (yyyy-mm-dd) of `at` in `timeZone`. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** Publication days are India's calendar days (the audience's), whatever the server's zone. */
export function publicationDay(now: Date): string {
  return indiaToday(now);
}

/** `?tz=`: the browser's IANA time zone; a missing or unknown one is India's. */
export const timeZoneQuerySchema = z.object({
  tz: text()
    .max(64)
    .optional()
    .transform((tz) => (tz && isValidTimeZone(tz) ? tz : DEFAULT_TIME_ZONE)),
});

/** The calendar month (India time) that `now` falls in, as [start, end) instants. */
export function indiaMonthRange(now: Date): { start: Date; end: Date } {
  const local = new Date(now.getTime() + INDIA_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  return {
    start: new Date(Date.UTC(year, month, 1) - INDIA_OFFSET_MS),
    end: new Date(Date.UTC(year, month + 1, 1) - INDIA_OFFSET_MS),
  };
}
