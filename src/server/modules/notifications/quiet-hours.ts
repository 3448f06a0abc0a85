import { INDIA_OFFSET_MS } from "../../../shared/home.ts";
import { QUIET_HOURS } from "../../../shared/notifications.ts";

// India has one offset all year (UTC+05:30, no daylight saving), so its clock is arithmetic.
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Milliseconds since India's midnight, and that midnight as an instant. */
function indiaDayStart(now: Date): number {
  const local = now.getTime() + INDIA_OFFSET_MS;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - INDIA_OFFSET_MS;
}

/** The India hour (0–23) at `now`. */
export function indiaHour(now: Date): number {
  return Math.floor((now.getTime() - indiaDayStart(now)) / HOUR_MS);
}

/** 22:00–07:00 India time: reminders wait (or are dropped) until the morning. */
export function isQuietTime(now: Date): boolean {
  const hour = indiaHour(now);
  return hour >= QUIET_HOURS.startHour || hour < QUIET_HOURS.endHour;
}

/** The next 07:00 India time after `now` (today's if it is still before 07:00). */
export function nextMorning(now: Date): Date {
  const morning = indiaDayStart(now) + QUIET_HOURS.endHour * HOUR_MS;
  return new Date(now.getTime() < morning ? morning : morning + DAY_MS);
}

/** Tomorrow's 07:00 India time: where a reminder over today's cap goes. */
export function tomorrowMorning(now: Date): Date {
  return new Date(indiaDayStart(now) + DAY_MS + QUIET_HOURS.endHour * HOUR_MS);
}

/** The end of `now`'s India day (the next midnight there). */
export function endOfIndiaDay(now: Date): Date {
  return new Date(indiaDayStart(now) + DAY_MS);
}
