import { DEFAULT_TIME_ZONE, INDIA_OFFSET_MS } from "../../shared/home.ts";

/**
 * The reader's time zone, which the server counts their day in (streaks, due cards, the
 * dashboard): the browser's own. While the server renders a page (decision 046) it is the zone
 * the browser last told it in the `tz` cookie, else India's (the product's readers'); the page
 * says which it used, and a browser elsewhere asks again in its own (main.tsx).
 */
export const TIME_ZONE_COOKIE = "tz";

let serverSource: (() => string | null) | null = null;

export function readerTimeZone(): string {
  if (serverSource) return serverSource() ?? DEFAULT_TIME_ZONE;
  // A device on India's clock counts every day as Asia/Kolkata does: told by its UTC offset, so
  // the zone's name, whose first read costs a phone 15-50 ms (decision 054), is read only
  // elsewhere. The dashboard's queries ask for it as they mount.
  browserZone ??= keepsIndiaTime()
    ? DEFAULT_TIME_ZONE
    : Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browserZone;
}
let browserZone: string | undefined;

/** For the server's renderer: where the current render's reader zone comes from. */
export function setServerTimeZoneSource(source: () => string | null): void {
  serverSource = source;
}

/**
 * Whether this device keeps India's clock (UTC+5:30 now and half a year ago), read from `Date`,
 * which costs nothing, rather than from the zone's name, whose first read makes the engine load
 * its locale and zone data (tens of milliseconds of a phone's main thread; TBT, decision 054). A
 * device that does counts every day as Asia/Kolkata does, whatever its zone is called.
 */
export function keepsIndiaTime(now = Date.now()): boolean {
  const HALF_YEAR_MS = 182 * 24 * 60 * 60 * 1000;
  const indiaOffsetMinutes = -INDIA_OFFSET_MS / 60_000;
  return [now, now - HALF_YEAR_MS].every(
    (time) => new Date(time).getTimezoneOffset() === indiaOffsetMinutes,
  );
}

/** Tells the server this browser's zone for the pages it renders next (a plain preference cookie). */
export function rememberTimeZone(): void {
  const zone = encodeURIComponent(readerTimeZone());
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie, like the language's
  document.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=31536000; samesite=lax`;
}
