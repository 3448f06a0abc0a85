/**
 * Consecutive study days ending today (or yesterday, when today has no study yet), from the
 * distinct local dates (yyyy-mm-dd) on which the student studied.
 */
export function currentRunOfDays(studyDates: string[], today: string): number {
  const days = new Set(studyDates);
  const step = (date: string) => {
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  };
  let cursor = days.has(today) ? today : step(today);
  let run = 0;
  while (days.has(cursor)) {
    run += 1;
    cursor = step(cursor);
  }
  return run;
}

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
