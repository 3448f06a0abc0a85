/**
 * A personal target exam, kept on this device (the header and its dialog share it; the dialog's
 * schema is in its own lazy chunk, so the home page does not load zod).
 */
export type Target = { name: string; date: string };

const STORAGE_KEY = "target-exam";

export function readTarget(): Target | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as Target | null;
    return value && typeof value.name === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value.date)
      ? value
      : null;
  } catch {
    return null;
  }
}

/** Saves the target, or forgets it (back to the site's default) when `target` is null. */
export function writeTarget(target: Target | null): void {
  if (target) localStorage.setItem(STORAGE_KEY, JSON.stringify(target));
  else localStorage.removeItem(STORAGE_KEY);
}
