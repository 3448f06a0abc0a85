import { Button } from "@web/components/ui/button.tsx";
import { useRegisterActiveAttempt } from "@web/lib/active-attempt.ts";
import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import { ChevronLeft, ChevronRight, Flag, ListOrdered, LogOut } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useBlocker, useNavigate } from "react-router";
import type { OptionKey } from "../../../../shared/constants.ts";
import type { Language } from "../../../../shared/quiz-constants.ts";
import { type AttemptReview, type AttemptSession, submitAttempt } from "../api/attempts.ts";
import { nextClientSeq } from "../lib/answer-queue.ts";
import { summariseAnswers } from "../lib/answer-summary.ts";
import { clockOffsetMs } from "../lib/clock.ts";
import { inLanguage } from "../lib/question-language.ts";
import { useAnswerSync } from "../lib/use-answer-sync.ts";
import { useCountdown } from "../lib/use-countdown.ts";
import { useLeavePrompt } from "../lib/use-leave-prompt.ts";
import { ExamTimer } from "./exam-timer.tsx";
import { ExitDialog } from "./exit-dialog.tsx";
import { QuestionPalette } from "./question-palette.tsx";
import { QuestionView } from "./question-view.tsx";
import { SubmitDialog } from "./submit-dialog.tsx";
import { SyncIndicator, SyncNotice } from "./sync-indicator.tsx";

/** What differs between an exam and a quiz on the one attempt screen. */
export type RunnerTexts = {
  /** 'Exam' or 'Quiz': 'Submit Exam', 'Submitting your quiz automatically.' ... */
  noun: "Exam" | "Quiz";
  /** The line above each question; the exam's default is 'Question n of total'. */
  heading?: (index: number, total: number) => string;
};

type Choice = { selectedAnswer: OptionKey | null; markedForReview: boolean; clientSeq: number };

/**
 * The one attempt screen of the engine, for exams and quizzes: questions one at a time, saved as
 * chosen (queued offline), the server's countdown, auto-submit at zero, and submit after every
 * queued choice has reached the server. The language only changes the text shown.
 *
 * While it is on screen the site header gives way to its compact bar (title, sync state, timer,
 * Exit); leaving by Exit or any in-app link asks first, and the browser's own prompt guards a
 * reload or a closed tab while answers are still queued on this device.
 */
export function AttemptRunner({
  session,
  onDone,
  texts,
  exitTo,
  language = "en",
  toolbar,
}: {
  session: AttemptSession;
  onDone: (review: AttemptReview) => void;
  texts: RunnerTexts;
  /** Where Exit goes (after the student confirms): the exam or quiz list. */
  exitTo: string;
  language?: Language;
  toolbar?: ReactNode;
}) {
  const noun = texts.noun;
  useRegisterActiveAttempt();
  const attemptId = session.attempt.id;
  const sync = useAnswerSync(attemptId, () =>
    notify.error(
      "Answer Not Saved",
      `A question was removed from this ${noun.toLowerCase()} by an administrator; your other answers are saved.`,
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
  const navigate = useNavigate();
  const questionHeading = useRef<HTMLLegendElement>(null);
  const focusQuestion = useRef(false);

  // Any in-app navigation (Exit, a link, Back) waits for the student's answer while the attempt
  // runs; once it is submitted (the result replaces the page) nothing is asked.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !submitted.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  const hasUnsent = () => sync.pending().length > 0;
  useLeavePrompt(() => !submitted.current && hasUnsent());

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

  const summary = summariseAnswers(questions, choices);

  // A palette jump moves focus to the question it opened (not on Previous/Next, which keep it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => {
    if (!focusQuestion.current) return;
    focusQuestion.current = false;
    questionHeading.current?.focus();
  }, [current]);

  const submit = useCallback(
    async (reason: "manual" | "timeout") => {
      if (submitted.current) return;
      submitted.current = true;
      setIsSubmitting(true);
      if (reason === "timeout") {
        notify.info("Time's Up!", `Submitting your ${noun.toLowerCase()} automatically.`);
      }
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
        if (result !== "retry" && result !== "maintenance") break;
        await new Promise((r) => setTimeout(r, 3000));
      }
      for (let attempt = 0; ; attempt += 1) {
        try {
          const review = await submitAttempt(attemptId);
          sync.clear();
          onDone(review);
          return;
        } catch (error) {
          // Offline, or the site is under maintenance (503): keep trying, the answers are sent.
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
    [attemptId, onDone, sync, noun],
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

  const title = session.exam?.title ?? session.quiz?.title ?? "";
  return (
    <>
      <div
        data-testid="attempt-bar"
        className="sticky top-0 z-40 h-14 border-b border-border bg-background/95 backdrop-blur"
      >
        <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-3 sm:px-4">
          <h1 className="min-w-0 flex-1 truncate text-base font-semibold" title={title}>
            {title}
          </h1>
          <SyncIndicator status={sync.status} compact />
          {secondsLeft !== null ? <ExamTimer secondsLeft={secondsLeft} /> : null}
          <Button
            variant="outline"
            className="h-11 shrink-0 px-3"
            onClick={() => navigate(exitTo)}
            disabled={isSubmitting}
          >
            <LogOut aria-hidden="true" /> Exit
          </Button>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        {sync.status === "offline" ||
        sync.status === "maintenance" ||
        sync.status === "signed-out" ||
        toolbar ? (
          <div className="grid gap-2 lg:col-span-2">
            <SyncNotice status={sync.status} />
            {toolbar ? <div className="flex justify-end">{toolbar}</div> : null}
          </div>
        ) : null}

        <section className="grid content-start gap-4 rounded-lg border border-border bg-background p-4 sm:p-6">
          <QuestionView
            headingRef={questionHeading}
            index={current}
            total={questions.length}
            question={inLanguage(question, language)}
            heading={texts.heading?.(current, questions.length)}
            lang={language}
            selected={choice?.selectedAnswer ?? null}
            disabled={isSubmitting}
            onSelect={(key) => choose(question.id, { selectedAnswer: key })}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              className="h-11"
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
                className="h-11"
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
              className="h-11"
              onClick={() => setCurrent((i) => i - 1)}
              disabled={current === 0}
            >
              <ChevronLeft aria-hidden="true" /> Previous
            </Button>
            {isLast ? (
              <Button
                className="h-11"
                onClick={() => setIsConfirmOpen(true)}
                disabled={isSubmitting}
              >
                {isSubmitting ? "Submitting..." : `Submit ${noun}`}
              </Button>
            ) : (
              <Button className="h-11" onClick={() => setCurrent((i) => i + 1)}>
                Next <ChevronRight aria-hidden="true" />
              </Button>
            )}
          </div>
        </section>

        <aside
          aria-labelledby="palette-heading"
          className="grid content-start gap-3 self-start rounded-lg border border-border bg-background p-4"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id="palette-heading" className="flex items-center gap-2 text-sm font-semibold">
              <ListOrdered className="size-4" aria-hidden="true" />
              <span data-testid="answer-summary">
                {summary.answered}/{summary.total} answered · {summary.marked} marked
              </span>
            </h2>
            <Button
              variant="ghost"
              className="h-11 lg:hidden"
              aria-expanded={isPaletteOpen}
              aria-controls="question-palette"
              onClick={() => setIsPaletteOpen((v) => !v)}
            >
              {isPaletteOpen ? "Hide questions" : "Show questions"}
            </Button>
          </div>
          <div
            id="question-palette"
            className={isPaletteOpen ? "grid gap-3" : "hidden lg:grid lg:gap-3"}
          >
            <QuestionPalette
              summary={summary}
              current={current}
              onJump={(index) => {
                setIsPaletteOpen(false);
                if (index === current) {
                  // The question already shown: nothing re-renders it, so focus it now.
                  questionHeading.current?.focus();
                } else {
                  focusQuestion.current = true;
                  setCurrent(index);
                }
              }}
            />
            <Button
              variant="secondary"
              className="h-11"
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
          summary={summary}
          isSubmitting={isSubmitting}
          noun={noun}
          onConfirm={() => {
            setIsConfirmOpen(false);
            void submit("manual");
          }}
        />
        <ExitDialog
          open={blocker.state === "blocked"}
          noun={noun}
          hasUnsent={blocker.state === "blocked" && hasUnsent()}
          onStay={() => blocker.reset?.()}
          onLeave={() => blocker.proceed?.()}
        />
      </div>
    </>
  );
}
