import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { saveAnswers } from "../api/attempts.ts";
import { AnswerQueue, type PendingAnswer, safeLocalStorage } from "./answer-queue.ts";
import { AnswerSync, type SubmitOptions, type SyncStatus } from "./answer-sync.ts";
import { QuestionTimes } from "./question-time.ts";

export type { FlushResult, SubmitOutcome, SyncStatus } from "./answer-sync.ts";

/**
 * The answer sync engine (`answer-sync.ts`) for one attempt screen: the queue in localStorage,
 * the status as React state, a replay when the browser says it is back online, and the time per
 * question (`times`: the runner says which question is on screen and whether the page is visible).
 */
export function useAnswerSync(attemptId: string, onRejected: (questionIds: string[]) => void) {
  const queue = useMemo(() => new AnswerQueue(attemptId, safeLocalStorage()), [attemptId]);
  const times = useMemo(() => new QuestionTimes(attemptId, safeLocalStorage()), [attemptId]);
  const [status, setStatus] = useState<SyncStatus>(() =>
    queue.list().length ? "offline" : "saved",
  );
  const rejectedRef = useRef(onRejected);
  rejectedRef.current = onRejected;

  const sync = useMemo(
    () =>
      new AnswerSync({
        attemptId,
        queue,
        send: (id, answers, sentTimes) => saveAnswers(id, answers, sentTimes),
        times,
        onRejected: (questionIds) => rejectedRef.current(questionIds),
        onStatus: setStatus,
      }),
    [attemptId, queue, times],
  );
  const flush = useCallback(() => sync.flush(), [sync]);
  const record = useCallback((answer: PendingAnswer) => sync.record(answer), [sync]);
  // A function expression, not `<R>(…) =>`: check:i18n reads every file as TSX, where a generic
  // arrow parses as a JSX tag.
  const submit = useCallback(
    function submit<R>(post: () => Promise<R>, options?: SubmitOptions) {
      return sync.submit(post, options);
    },
    [sync],
  );

  useEffect(() => {
    const onOnline = () => void sync.flush();
    window.addEventListener("online", onOnline);
    if (queue.list().length > 0) void sync.flush();
    return () => {
      window.removeEventListener("online", onOnline);
      sync.cancelRetry();
    };
  }, [sync, queue]);

  return useMemo(
    () => ({
      status,
      record,
      flush,
      submit,
      pending: () => queue.list(),
      clear: () => sync.clear(),
      times,
    }),
    [status, record, flush, submit, queue, sync, times],
  );
}
