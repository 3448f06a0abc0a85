import { ApiError } from "@web/lib/api.ts";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { saveAnswers } from "../api/attempts.ts";
import { AnswerQueue, type PendingAnswer } from "./answer-queue.ts";

export type SyncStatus = "saved" | "saving" | "offline" | "closed";

const RETRY_MS = [2000, 4000, 8000, 15000];

/**
 * Sends each choice at once; keeps unsent ones in localStorage and replays them (on reconnect,
 * and on a backoff timer, since a dropped request does not always flip navigator.onLine).
 * `closed` means the server no longer takes answers (time is up or already submitted).
 */
export function useAnswerSync(attemptId: string) {
  const queue = useMemo(() => new AnswerQueue(attemptId, window.localStorage), [attemptId]);
  const [status, setStatus] = useState<SyncStatus>(() =>
    queue.list().length ? "offline" : "saved",
  );
  const inFlight = useRef<Promise<boolean> | null>(null);
  const retry = useRef<{ timer?: ReturnType<typeof setTimeout>; attempt: number }>({ attempt: 0 });

  const flush = useCallback((): Promise<boolean> => {
    if (inFlight.current) return inFlight.current.then(() => flush());
    const pending = queue.list();
    if (pending.length === 0) {
      setStatus((s) => (s === "closed" ? s : "saved"));
      return Promise.resolve(true);
    }
    setStatus("saving");
    const run = saveAnswers(attemptId, pending)
      .then(() => {
        queue.acknowledge(pending);
        retry.current.attempt = 0;
        const more = queue.list().length > 0;
        setStatus(more ? "saving" : "saved");
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          // The attempt no longer takes answers: nothing will ever accept these.
          queue.clear();
          setStatus("closed");
          return false;
        }
        setStatus("offline");
        const delay = RETRY_MS[Math.min(retry.current.attempt, RETRY_MS.length - 1)] ?? 15000;
        retry.current.attempt += 1;
        clearTimeout(retry.current.timer);
        retry.current.timer = setTimeout(() => void flush(), delay);
        return false;
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = run;
    return run.then(async (ok) => (ok && queue.list().length > 0 ? flush() : ok));
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

  return { status, record, flush, pending: () => queue.list(), clear: () => queue.clear() };
}
