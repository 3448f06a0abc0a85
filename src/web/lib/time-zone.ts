import { DEFAULT_TIME_ZONE } from "../../shared/home.ts";

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
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** For the server's renderer: where the current render's reader zone comes from. */
export function setServerTimeZoneSource(source: () => string | null): void {
  serverSource = source;
}

/** Tells the server this browser's zone for the pages it renders next (a plain preference cookie). */
export function rememberTimeZone(): void {
  const zone = encodeURIComponent(readerTimeZone());
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie, like the language's
  document.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=31536000; samesite=lax`;
}
