/**
 * The server owns the clock. The client learns the offset between its clock and the server's
 * from `serverNow` in a response and counts down to the server's deadline with it.
 */
export function clockOffsetMs(serverNowIso: string, receivedAtMs: number): number {
  return new Date(serverNowIso).getTime() - receivedAtMs;
}

export function remainingSeconds(
  deadlineIso: string,
  offsetMs: number,
  clientNowMs: number,
): number {
  const ms = new Date(deadlineIso).getTime() - (clientNowMs + offsetMs);
  return Math.max(0, Math.ceil(ms / 1000));
}

/** "59:07" or "1:02:03". */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const mm = String(minutes).padStart(hours > 0 ? 2 : 1, "0");
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Spec: the timer turns to the warning style at 60 seconds or less. */
export function isWarningTime(totalSeconds: number): boolean {
  return totalSeconds <= 60;
}
