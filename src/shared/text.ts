import { z } from "zod";
import { msg } from "./i18n/msg.ts";

export const NUL_MESSAGE: string = msg(
  "Text cannot contain a null character (U+0000). Remove it and try again.",
);

/**
 * A string field that refuses U+0000. PostgreSQL cannot store it in text, so without this a NUL
 * in any input (a search, a profile, a category, a CSV file) became a 500 from the database
 * instead of a clear 422. Every text field of the shared contracts starts from here.
 */
export function text(message: string = NUL_MESSAGE) {
  return z.string().refine((value) => !value.includes("\u0000"), message);
}

/** An optional text field: trimmed, and null when left blank (or sent as null). */
export function optionalText(max: number, tooLong?: string) {
  return text()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
}
