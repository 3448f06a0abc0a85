import { formatDate } from "@web/lib/format.ts";

export const limitLabel = (value: number | null, singular: string, plural: string) =>
  value === null ? `Unlimited ${plural}` : `${value} ${value === 1 ? singular : plural}`;

export const durationLabel = (days: number) =>
  days === 0 ? "Lifetime access" : `${days} day${days === 1 ? "" : "s"}`;

/** Spec: the banner shows the end date, or 'Lifetime'. */
export const endLabel = (endDate: string | null) => (endDate ? formatDate(endDate) : "Lifetime");
