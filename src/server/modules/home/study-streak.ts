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
