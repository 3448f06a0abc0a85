import { i18n } from "@web/lib/i18n.ts";

/**
 * An accommodation's extra time in words: "40 min", or "3 min 20 s" when a per-hour grant on an
 * odd time limit leaves seconds (decision 048).
 */
export function formatExtraTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (rest === 0) return i18n.t("{{minutes}} min", { minutes });
  return i18n.t("{{minutes}} min {{seconds}} s", { minutes, seconds: rest });
}
