import { ApiError } from "@web/lib/api.ts";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { saveAnswers } from "../api/attempts.ts";
import { AnswerQueue, type PendingAnswer, safeLocalStorage } from "./answer-queue.ts";

export type SyncStatus = "saved" | "saving" | "offline" | "maintenance" | "signed-out" | "closed";
/** What a flush achieved: all sent, try again later, no longer accepted, or the session is gone. */
export type FlushResult = "saved" | "retry" | "maintenance" | "closed" | "signed-out";

const RETRY_MS = [2000, 4000, 8000, 15000];

/**
 * Sends each choice at once; keeps unsent ones in localStorage and replays them (on reconnect,
 * and on a backoff timer, since a dropped request does not always flip navigator.onLine).
 * `closed`: the server no longer takes answers (time is up or already submitted).
 * `maintenance`: the site answered 503 MAINTENANCE; like `retry`, the answers wait on the device.
 * `signed-out`: the session ended; answers stay on the device until the student logs in again.
 */
export function useAnswerSync(attemptId: string, onRejected: (questionIds: string[]) => void) {
  const queue = useMemo(() => new AnswerQueue(attemptId, safeLocalStorage()), [attemptId]);
  const [status, setStatus] = useState<SyncStatus>(() =>
    queue.list().length ? "offline" : "saved",
  );
  const inFlight = useRef<Promise<FlushResult> | null>(null);
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; attempt: number }>({ attempt: 0 });
  const rejectedRef = useRef(onRejected);
  rejectedRef.current = onRejected;

  const flush = useCallback(async (): Promise<FlushResult> => {
    if (inFlight.current) await inFlight.current;
    const pending = queue.list();
    if (pending.length === 0) {
      setStatus((s) => (s === "closed" || s === "signed-out" ? s : "saved"));
      return "saved";
    }
    setStatus("saving");
    const run = saveAnswers(attemptId, pending)
      .then((result): FlushResult => {
        // Rejected answers name questions removed from the exam: they will never be accepted.
        queue.acknowledge(pending);
        retry.current.attempt = 0;
        if (result.rejected.length > 0) rejectedRef.current(result.rejected);
        return "saved";
      })
      .catch((error: unknown): FlushResult => {
        if (error instanceof ApiError && error.status === 422) {
          queue.acknowledge(pending);
          const details = error.details as { rejected?: string[] } | undefined;
          rejectedRef.current(details?.rejected ?? pending.map((p) => p.questionId));
          return "saved";
        }
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          queue.clear();
          return "closed";
        }
        if (error instanceof ApiError && (error.status === 401 || error.status === 403))
          return "signed-out";
        const delay = RETRY_MS[Math.min(retry.current.attempt, RETRY_MS.length - 1)] ?? 15000;
        retry.current.attempt += 1;
        clearTimeout(retry.current.timer);
        retry.current.timer = setTimeout(() => void flush(), delay);
        return error instanceof ApiError && error.code === "MAINTENANCE" ? "maintenance" : "retry";
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = run;
    const result = await run;
    if (result === "saved" && queue.list().length > 0) return flush();
    setStatus(result === "retry" ? "offline" : result);
    return result;
  }, [attemptId, queue]);

  const record = useCallback(
    (answer: PendingAnswer) => {
      queue.put(answer);
      void flush();
    },
    [queue, flush],
  );

  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener("online", onOnline);
    if (queue.list().length > 0) void flush();
    return () => {
      window.removeEventListener("online", onOnline);
      clearTimeout(retry.current.timer);
    };
  }, [flush, queue]);

  return useMemo(
    () => ({ status, record, flush, pending: () => queue.list(), clear: () => queue.clear() }),
    [status, record, flush, queue],
  );
}
