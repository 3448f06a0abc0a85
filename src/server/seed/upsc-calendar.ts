/**
 * Dates of the UPSC Civil Services (Preliminary) Examination as UPSC's annual calendars announce
 * them. The demo data sets the home page's exam date to the next of these from the day it is
 * seeded, so a fresh install never opens on a past exam.
 */
export const UPSC_PRELIMS_DATES = ["2025-05-25", "2026-05-24", "2027-05-23"] as const;

/** The fourth Sunday of May (yyyy-mm-dd): the day the Prelims fell on in 2025, 2026 and 2027. */
function fourthSundayOfMay(year: number): string {
  const firstOfMay = new Date(Date.UTC(year, 4, 1));
  const firstSunday = 1 + ((7 - firstOfMay.getUTCDay()) % 7);
  return `${year}-05-${String(firstSunday + 21).padStart(2, "0")}`;
}

/**
 * The next Prelims on or after `now` (India's calendar day): the announced date, or past the last
 * announced calendar the usual fourth Sunday of May, for an admin to confirm in Site Settings.
 */
export function nextPrelimsDate(now: Date): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(now);
  const announced = UPSC_PRELIMS_DATES.find((date) => date >= today);
  if (announced) return announced;
  const year = Number(today.slice(0, 4));
  const thisYear = fourthSundayOfMay(year);
  return thisYear >= today ? thisYear : fourthSundayOfMay(year + 1);
}
