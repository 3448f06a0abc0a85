import { z } from "zod";
import { msg } from "../../../../shared/i18n/msg.ts";
import { text } from "../../../../shared/text.ts";

/** A personal target exam, kept on this device (the header and its dialog share it). */
export const targetSchema = z.object({
  name: text().trim().min(1, msg("Enter the exam you are preparing for.")).max(60),
  date: z.iso.date(msg("Choose the exam date.")),
});
export type Target = z.infer<typeof targetSchema>;

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
