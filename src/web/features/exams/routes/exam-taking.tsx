import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { LoadingState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { dashboardPathFor, useAuth } from "@web/lib/auth.ts";
import { notify } from "@web/lib/toast.ts";
import { ChevronLeft, ChevronRight, Flag, ListOrdered, Lock } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import type { OptionKey } from "../../../../shared/constants.ts";
import { EXAM_MESSAGES } from "../../../../shared/exams.ts";
import {
  type AttemptReview,
  type AttemptSession,
  startAttempt,
  submitAttempt,
} from "../api/attempts.ts";
import { ExamSummary } from "../components/exam-summary.tsx";
import { ExamTimer } from "../components/exam-timer.tsx";
import { type PaletteState, QuestionPalette } from "../components/question-palette.tsx";
import { QuestionView } from "../components/question-view.tsx";
import { SubmitDialog } from "../components/submit-dialog.tsx";
import { SyncIndicator } from "../components/sync-indicator.tsx";
import { nextClientSeq } from "../lib/answer-queue.ts";
import { clockOffsetMs } from "../lib/clock.ts";
import { useAnswerSync } from "../lib/use-answer-sync.ts";
import { useCountdown } from "../lib/use-countdown.ts";

type Choice = { selectedAnswer: OptionKey | null; markedForReview: boolean; clientSeq: number };

function ExamRunner({
  session,
  onDone,
}: {
  session: AttemptSession;
  onDone: (review: AttemptReview) => void;
}) {
  const attemptId = session.attempt.id;
  const sync = useAnswerSync(attemptId, () =>
    notify.error(
      "Answer Not Saved",
      "A question was removed from this exam by an administrator; your other answers are saved.",
    ),
  );
  // Above any sequence already stored: another device (with another clock) may have saved it.
  const [seqFloor] = useState(() => Math.max(0, ...session.answers.map((a) => a.clientSeq)));
  const [offsetMs] = useState(() => clockOffsetMs(session.serverNow, Date.now()));
  const secondsLeft = useCountdown(session.attempt.deadlineAt, offsetMs);
  const [current, setCurrent] = useState(0);
  const [isPaletteOpen, setIsPaletteOpen] = useState(false);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submitted = useRef(false);

  // Saved answers from the server, overlaid with anything newer still queued on this device.
  const [choices, setChoices] = useState<Record<string, Choice>>(() => {
    const merged: Record<string, Choice> = {};
    for (const a of session.answers) merged[a.questionId] = a;
    for (const p of sync.pending()) {
      const saved = merged[p.questionId];
      if (!saved || saved.clientSeq <= p.clientSeq) merged[p.questionId] = p;
    }
    return merged;
  });

  const questions = session.questions;
  const question = questions[current];
  const choose = (questionId: string, change: Partial<Choice>) => {
    const previous = choices[questionId] ?? {
      selectedAnswer: null,
      markedForReview: false,
      clientSeq: 0,
    };
    const next = {
      ...previous,
      ...change,
      clientSeq: nextClientSeq(Date.now(), Math.max(seqFloor, previous.clientSeq)),
    };
    setChoices((all) => ({ ...all, [questionId]: next }));
    sync.record({ questionId, ...next });
  };

  const states: PaletteState[] = questions.map((q) => {
    const c = choices[q.id];
    if (c?.markedForReview) return "marked";
    return c?.selectedAnswer ? "answered" : "unanswered";
  });
  const unanswered = questions.filter((q) => !choices[q.id]?.selectedAnswer).length;

  const submit = useCallback(
    async (reason: "manual" | "timeout") => {
      if (submitted.current) return;
      submitted.current = true;
      setIsSubmitting(true);
      if (reason === "timeout") notify.info("Time's Up!", "Submitting your exam automatically.");
      const stop = (title: string, message: string) => {
        notify.error(title, message);
        submitted.current = false;
        setIsSubmitting(false);
      };
      // Every queued choice must reach the server first; keep trying while the network is down.
      for (;;) {
        const result = await sync.flush();
        if (result === "signed-out") {
          stop(
            "Submission Error",
            "Your session has ended. Log in again to submit; your answers are kept on this device.",
          );
          return;
        }
        if (result !== "retry") break;
        await new Promise((r) => setTimeout(r, 3000));
      }
      for (let attempt = 0; ; attempt += 1) {
        try {
          const review = await submitAttempt(attemptId);
          sync.clear();
          notify.success("Exam Submitted", `Your score: ${Math.round(review.attempt.score ?? 0)}%`);
          onDone(review);
          return;
        } catch (error) {
          const offline = error instanceof ApiError && (error.status === 0 || error.status >= 502);
          if (!offline || attempt >= 20) {
            stop(
              "Submission Error",
              error instanceof ApiError ? error.message : "Missing data for submission.",
            );
            return;
          }
          await new Promise((r) => setTimeout(r, 3000));
        }
      }
    },
    [attemptId, onDone, sync],
  );

  // Submit once when the time runs out (a failed automatic submit is not repeated in a loop:
  // the student can press Submit again).
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (secondsLeft !== 0 || autoSubmitted.current) return;
    autoSubmitted.current = true;
    void submitRef.current("timeout");
  }, [secondsLeft]);

  if (!question) return null;
  const choice = choices[question.id];
  const isLast = current === questions.length - 1;

  return (
    <div className="mx-auto grid max-w-6xl gap-4 px-4 py-4 lg:grid-cols-[1fr_18rem]">
      <div className="sticky top-14 z-30 -mx-4 flex flex-wrap items-center gap-2 border-b border-border bg-background/95 px-4 py-2 backdrop-blur lg:col-span-2">
        <h1 className="mr-auto min-w-0 flex-1 truncate text-base font-semibold">
          {session.exam.title}
        </h1>
        <SyncIndicator status={sync.status} />
        {secondsLeft !== null ? <ExamTimer secondsLeft={secondsLeft} /> : null}
      </div>

      <section className="grid content-start gap-4 rounded-lg border border-border bg-background p-4 sm:p-6">
        <QuestionView
          index={current}
          total={questions.length}
          question={question}
          selected={choice?.selectedAnswer ?? null}
          disabled={isSubmitting}
          onSelect={(key) => choose(question.id, { selectedAnswer: key })}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-pressed={choice?.markedForReview ?? false}
            onClick={() => choose(question.id, { markedForReview: !choice?.markedForReview })}
            disabled={isSubmitting}
          >
            <Flag aria-hidden="true" />{" "}
            {choice?.markedForReview ? "Unmark review" : "Mark for review"}
          </Button>
          {choice?.selectedAnswer ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => choose(question.id, { selectedAnswer: null })}
              disabled={isSubmitting}
            >
              Clear choice
            </Button>
          ) : null}
        </div>
        <div className="flex items-center justify-between gap-2 border-t border-border pt-4">
          <Button
            variant="outline"
            onClick={() => setCurrent((i) => i - 1)}
            disabled={current === 0}
          >
            <ChevronLeft aria-hidden="true" /> Previous
          </Button>
          {isLast ? (
            <Button onClick={() => setIsConfirmOpen(true)} disabled={isSubmitting}>
              {isSubmitting ? "Submitting..." : "Submit Exam"}
            </Button>
          ) : (
            <Button onClick={() => setCurrent((i) => i + 1)}>
              Next <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </div>
      </section>

      <aside className="grid content-start gap-3 rounded-lg border border-border bg-background p-4">
        <Button
          variant="ghost"
          className="justify-between lg:hidden"
          aria-expanded={isPaletteOpen}
          onClick={() => setIsPaletteOpen((v) => !v)}
        >
          <span className="flex items-center gap-2">
            <ListOrdered aria-hidden="true" /> Questions ({questions.length - unanswered}/
            {questions.length} answered)
          </span>
          <span aria-hidden="true">{isPaletteOpen ? "−" : "+"}</span>
        </Button>
        <div className={isPaletteOpen ? "grid gap-3" : "hidden lg:grid lg:gap-3"}>
          <QuestionPalette
            states={states}
            current={current}
            onJump={(index) => {
              setCurrent(index);
              setIsPaletteOpen(false);
            }}
          />
          <Button
            variant="secondary"
            onClick={() => setIsConfirmOpen(true)}
            disabled={isSubmitting}
          >
            Finish and submit
          </Button>
        </div>
      </aside>

      <SubmitDialog
        open={isConfirmOpen}
        onOpenChange={setIsConfirmOpen}
        unanswered={unanswered}
        marked={states.filter((s) => s === "marked").length}
        isSubmitting={isSubmitting}
        onConfirm={() => {
          setIsConfirmOpen(false);
          void submit("manual");
        }}
      />
    </div>
  );
}

export function ExamTakingPage() {
  const { examId = "" } = useParams();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [review, setReview] = useState<AttemptReview | null>(null);
  // Starting is idempotent on the server (it resumes the open attempt), so a retry is safe.
  const session = useQuery({
    queryKey: ["exam-session", examId],
    queryFn: () => startAttempt(examId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
  });
  const dashboardPath = auth.status === "signed-in" ? dashboardPathFor(auth.role) : "/";
  const finalizedAttemptId = session.data?.finalizedAttemptId;
  useEffect(() => {
    if (finalizedAttemptId) {
      notify.info(
        "Previous Attempt Submitted",
        "Your earlier attempt ran out of time and was graded. You can see it in My Results.",
      );
    }
  }, [finalizedAttemptId]);
  useEffect(() => {
    const error = session.error;
    if (error instanceof ApiError && error.status !== 404 && error.status !== 403)
      notify.error("Error Fetching Exam Data", error.message);
  }, [session.error]);
  const onDone = useMemo(
    () => (result: AttemptReview) => {
      setReview(result);
      void queryClient.invalidateQueries({ queryKey: ["results"] });
      void queryClient.invalidateQueries({ queryKey: ["exams"] });
      window.scrollTo({ top: 0 });
    },
    [queryClient],
  );

  if (review) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6">
        <ExamSummary review={review} dashboardPath={dashboardPath} />
      </div>
    );
  }
  if (session.isPending) return <LoadingState label="Loading exam..." />;
  const refusal = session.error instanceof ApiError && session.error.status === 403;
  if (refusal && session.error instanceof ApiError) {
    const plansUrl =
      (session.error.details as { plansUrl?: string } | undefined)?.plansUrl ??
      "/student/subscriptions";
    return (
      <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
        <Lock className="size-10 justify-self-center text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">Premium Exam</h1>
        <p role="alert">{session.error.message}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to={plansUrl}>View Plans</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={dashboardPath}>Back to Dashboard</Link>
          </Button>
        </div>
      </div>
    );
  }
  if (session.isError || !session.data || session.data.questions.length === 0) {
    return (
      <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
        <p role="alert" className="text-lg font-semibold">
          {EXAM_MESSAGES.examLoadFailed}
        </p>
        <Button asChild variant="outline" className="justify-self-center">
          <Link to={dashboardPath}>Back to Dashboard</Link>
        </Button>
      </div>
    );
  }
  return <ExamRunner key={session.data.attempt.id} session={session.data} onDone={onDone} />;
}
