/**
 * The one way from a thrown value to the words a user reads: the server's message (an ApiError
 * carries the `{ error: { message } }` body), any other Error's message, else the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string;
export function errorMessage(error: unknown, fallback?: undefined): string | undefined;
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
