import { i18n } from "@web/lib/i18n.ts";
import type { AccommodationStatus, ExtraTime } from "../../shared/accommodations.ts";
import { msg } from "../../shared/i18n/msg.ts";

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

/** The grant as the student and the admins read it: "+20 minutes per hour", "+30 minutes". */
export function describeExtraTime(grant: ExtraTime): string {
  return grant.kind === "per_hour"
    ? i18n.t("+{{minutes}} minutes per hour", { minutes: grant.minutes })
    : i18n.t("+{{minutes}} minutes", { minutes: grant.minutes });
}

/** A request's status in words (the profile and the admins' list). */
export const ACCOMMODATION_STATUS_LABELS: Record<AccommodationStatus | "none", string> = {
  none: msg("Not requested"),
  pending: msg("Under review"),
  approved: msg("Approved"),
  rejected: msg("Not approved"),
  revoked: msg("Revoked"),
};
