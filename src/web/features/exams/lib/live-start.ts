import { ApiError } from "@web/lib/api.ts";

/**
 * Entering a live test when many students press Start at once (decision 047): the server admits
 * starts through a bounded queue per instance and answers 503 with Retry-After when it is full
 * (lib/admission.ts, 2 s). The waiting room says "Trying again in a moment", so the client does:
 * it waits about that long, jittered so the students refused together do not come back together,
 * and tries again, for at most `tries` tries (about two minutes). Any other refusal ends it.
 */
export const LIVE_START_RETRY_MS = [2000, 3000, 4000, 5000];
export const LIVE_START_TRIES = 30;

export function isBusy(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 503 || error.status === 0);
}

export async function startWithRetry<T>(
  start: () => Promise<T>,
  options: {
    tries?: number;
    wait?: (ms: number) => Promise<void>;
    random?: () => number;
    /** Each refusal as busy, before the wait (the bench counts them). */
    onBusy?: (error: unknown, attempt: number) => void;
  } = {},
): Promise<T> {
  const tries = options.tries ?? LIVE_START_TRIES;
  const wait = options.wait ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (!isBusy(error) || attempt >= tries) throw error;
      options.onBusy?.(error, attempt);
      const base =
        LIVE_START_RETRY_MS[Math.min(attempt - 1, LIVE_START_RETRY_MS.length - 1)] ?? 5000;
      // Between 75% and 125% of the step: refused together, back apart.
      await wait(Math.round(base * (0.75 + random() * 0.5)));
    }
  }
}
