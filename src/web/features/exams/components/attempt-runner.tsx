import { inLanguage } from "@web/components/exam/question-language.ts";
import { useRegisterActiveAttempt } from "@web/lib/active-attempt.ts";
import { ApiError } from "@web/lib/api.ts";
import { i18n } from "@web/lib/i18n.ts";
import { notify } from "@web/lib/toast.ts";
import { useLeavePrompt } from "@web/lib/use-leave-prompt.ts";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useBlocker, useNavigate } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { Language } from "../../../../shared/quiz-constants.ts";
import { type AttemptReview, type AttemptSession, submitAttempt } from "../api/attempts.ts";
import { nextClientSeq } from "../lib/answer-queue.ts";
import { summariseAnswers } from "../lib/answer-summary.ts";
import { clockOffsetMs } from "../lib/clock.ts";
import { useAnswerSync } from "../lib/use-answer-sync.ts";
import { useCountdown } from "../lib/use-countdown.ts";
import { AttemptBar } from "./attempt-bar.tsx";
import { ExitDialog } from "./exit-dialog.tsx";
import { PalettePanel } from "./palette-panel.tsx";
import { type Choice, QuestionPanel } from "./question-panel.tsx";
import { SubmitDialog } from "./submit-dialog.tsx";
import { SyncNotice } from "./sync-indicator.tsx";

/** What differs between an exam and a quiz on the one attempt screen. */
export type RunnerTexts = {
  /** 'Exam' or 'Quiz': 'Submit Exam', 'Submitting your quiz automatically.' ... */
  noun: "Exam" | "Quiz" | "Test";
  /** The line above each question; the exam's default is 'Question n of total'. */
  heading?: (index: number, total: number) => string;
  /** No clock on screen (an untimed practice test, a revision session). */
  untimed?: boolean;
};

/** The runner's toasts that name the exam or the quiz. */
const NOUN_TEXT = {
  Exam: {
    removed: msg(
      "A question was removed from this exam by an administrator; your other answers are saved.",
    ),
    autoSubmitting: msg("Submitting your exam automatically."),
  },
  Quiz: {
    removed: msg(
      "A question was removed from this quiz by an administrator; your other answers are saved.",
    ),
    autoSubmitting: msg("Submitting your quiz automatically."),
  },
  Test: {
    removed: msg(
      "A question was removed from this test by an administrator; your other answers are saved.",
    ),
    autoSubmitting: msg("Submitting your test automatically."),
  },
} as const;

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
    notify.error(i18n.t("Answer Not Saved"), i18n.t(NOUN_TEXT[noun].removed)),
  );
  // Above any sequence already stored: another device (with another clock) may have saved it.
  const [seqFloor] = useState(() => Math.max(0, ...session.answers.map((a) => a.clientSeq)));
  const [offsetMs] = useState(() => clockOffsetMs(session.serverNow, Date.now()));
  const secondsLeft = useCountdown(session.attempt.deadlineAt, offsetMs);
  const [current, setCurrent] = useState(0);
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
      confidence: null,
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

  // Time per question (decision 036): the shown question's clock runs while the page is visible
  // and the attempt is not being submitted; the totals ride along with the saves.
  const timedQuestion = isSubmitting ? null : (question?.id ?? null);
  useEffect(() => {
    sync.times.show(timedQuestion);
  }, [sync.times, timedQuestion]);
  useEffect(() => {
    const times = sync.times;
    const onVisibility = () => times.setVisible(document.visibilityState !== "hidden");
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      times.show(null);
    };
  }, [sync.times]);

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
        notify.info(i18n.t("Time's Up!"), i18n.t(NOUN_TEXT[noun].autoSubmitting));
      }
      // Every queued choice reaches the server first (answer-sync.ts#submit keeps trying).
      const outcome = await sync.submit(() => submitAttempt(attemptId));
      if (outcome.status === "submitted") {
        onDone(outcome.review);
        return;
      }
      notify.error(
        i18n.t("Submission Error"),
        outcome.status === "signed-out"
          ? i18n.t(
              "Your session has ended. Log in again to submit; your answers are kept on this device.",
            )
          : outcome.status === "failed" && outcome.error instanceof ApiError
            ? i18n.t(outcome.error.message)
            : i18n.t("Missing data for submission."),
      );
      submitted.current = false;
      setIsSubmitting(false);
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
  return (
    <>
      <AttemptBar
        title={session.exam?.title ?? session.quiz?.title ?? session.set?.title ?? ""}
        titleHi={session.quiz?.titleHi}
        status={sync.status}
        secondsLeft={texts.untimed ? null : secondsLeft}
        extraSeconds={session.attempt.extraSeconds}
        onExit={() => navigate(exitTo)}
        isSubmitting={isSubmitting}
      />
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

        <QuestionPanel
          headingRef={questionHeading}
          question={inLanguage(question, language)}
          index={current}
          total={questions.length}
          heading={texts.heading?.(current, questions.length)}
          lang={language}
          choice={choices[question.id]}
          noun={noun}
          isSubmitting={isSubmitting}
          onChoose={(change) => choose(question.id, change)}
          onMove={(step) => setCurrent((i) => i + step)}
          onSubmit={() => setIsConfirmOpen(true)}
        />

        <PalettePanel
          summary={summary}
          current={current}
          isSubmitting={isSubmitting}
          onSubmit={() => setIsConfirmOpen(true)}
          onJump={(index) => {
            if (index === current) {
              // The question already shown: nothing re-renders it, so focus it now.
              questionHeading.current?.focus();
            } else {
              focusQuestion.current = true;
              setCurrent(index);
            }
          }}
        />

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
