import { i18n } from "./i18n.ts";

/**
 * The one way from a thrown value to the words a user reads: the server's message (an ApiError
 * carries the `{ error: { message } }` body), any other Error's message, else the fallback, in
 * the interface language where the catalog has it (the English text is the key, decision 039).
 */
export function errorMessage(error: unknown, fallback: string): string;
export function errorMessage(error: unknown, fallback?: undefined): string | undefined;
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  if (error instanceof Error && error.message) return i18n.t(error.message);
  return fallback === undefined ? undefined : i18n.t(fallback);
}
