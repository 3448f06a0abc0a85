/**
 * Giving the main thread back (the page's Total Blocking Time, decision 054): a phone counts every
 * task over 50 ms against the page, and a tap waits for the task in progress.
 */

/** Resolves in a task of its own, after what the browser has queued (input, paint). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `work` when the browser is idle (at the latest after `timeout` ms), else after a task. */
export function whenIdle(work: () => void, timeout = 2000): void {
  if (typeof window.requestIdleCallback === "function") {
    window.requestIdleCallback(() => work(), { timeout });
  } else {
    setTimeout(work, 0);
  }
}
