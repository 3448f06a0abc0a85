/**
 * A `datetime-local` input's value ("2026-11-24T18:30", this device's zone) and an instant, both
 * ways: the admin forms that schedule something at a time (live classes, live tests).
 */

/** The input's value as an ISO instant; "" (or an invalid value) stays "". */
export function instantOfLocal(local: string): string {
  const at = new Date(local);
  return local && !Number.isNaN(at.getTime()) ? at.toISOString() : "";
}

/** An instant as the input writes it, in this device's zone; null or "" gives "". */
export function localOfInstant(iso: string | null): string {
  if (!iso) return "";
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
