import { LocalText } from "@web/components/local-text.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { formatExtraTime } from "@web/lib/extra-time.ts";
import { formatDate, formatInProgress, formatScorePercent } from "@web/lib/format.ts";
import { i18n } from "@web/lib/i18n.ts";
import { Accessibility, Lock } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { ExamOverview, QuizOverview, SetOverview } from "../api/attempts.ts";

function minutesLabel(seconds: number) {
  return i18n.t("{{count}} minutes", { count: Math.round(seconds / 60) });
}

function formatMarks(value: number) {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, "");
}

/** The penalty for a wrong answer, in marks and as a fraction of a question's marks. */
export function describePenalty(
  exam: Pick<ExamOverview["exam"], "marksPerQuestion" | "negativeMarkFraction">,
) {
  if (!exam.negativeMarkFraction || !exam.marksPerQuestion) return i18n.t("None");
  const penalty = exam.marksPerQuestion * exam.negativeMarkFraction;
  return i18n.t("−{{penalty}} per wrong answer ({{percent}}% of a question's marks)", {
    penalty: formatMarks(Math.round(penalty * 100) / 100),
    percent: formatMarks(Math.round(exam.negativeMarkFraction * 10000) / 100),
  });
}

type Access = ExamOverview["access"];
type OpenAttempt = {
  secondsLeft: number;
  attemptNumber?: number | null;
  extraSeconds?: number;
} | null;

/** The accommodation a start adds, or the open attempt was given (decision 048); null for none. */
type ExtraTime = { seconds: number; totalSeconds: number } | null;

function extraTimeOf(
  overview: Pick<ExamOverview, "extraSeconds" | "openAttempt">,
  timeLimitSeconds: number,
): ExtraTime {
  const seconds = overview.openAttempt
    ? (overview.openAttempt.extraSeconds ?? 0)
    : overview.extraSeconds;
  return seconds > 0 ? { seconds, totalSeconds: timeLimitSeconds + seconds } : null;
}

/** The start screen's words that name the exam or the quiz (each its own sentence in Hindi). */
const NOUN_TEXT = {
  Exam: {
    rules: msg("Exam rules"),
    start: msg("Start Exam"),
    timer: msg(
      "The timer starts when you press Start Exam and keeps running until you submit, even if you leave this page.",
    ),
    zero: msg("At time zero the exam is submitted automatically with the answers saved so far."),
    premium: msg("This is a premium exam. <plans>View Plans</plans> to unlock it."),
  },
  Quiz: {
    rules: msg("Quiz rules"),
    start: msg("Start Quiz"),
    timer: msg(
      "The timer starts when you press Start Quiz and keeps running until you submit, even if you leave this page.",
    ),
    zero: msg("At time zero the quiz is submitted automatically with the answers saved so far."),
    premium: msg("This is a premium quiz. <plans>View Plans</plans> to unlock it."),
  },
  Test: {
    rules: msg("Test rules"),
    start: msg("Start Test"),
    timer: msg(
      "The timer starts when you press Start Test and keeps running until you submit, even if you leave this page.",
    ),
    zero: msg("At time zero the test is submitted automatically with the answers saved so far."),
    premium: msg("This is a premium exam. <plans>View Plans</plans> to unlock it."),
  },
} as const;

/** What a start screen shows, the same for an exam and a quiz (the texts already translated). */
export type StartScreenModel = {
  noun: "Exam" | "Quiz" | "Test";
  title: string;
  /** A quiz's Hindi title, shown instead in a Hindi interface. */
  titleHi?: string | null;
  /** The line above the title (the exam's category). */
  kicker?: string | null;
  description?: string | null;
  rules: [string, string][];
  access: Access;
  openAttempt: OpenAttempt;
  /** No clock (an untimed practice test, a revision session). */
  untimed?: boolean;
  /** The student's extra time on this test (an accommodation). */
  extraTime?: ExtraTime;
  /** A note under the rules (what the draw left out). */
  note?: string | null;
  /** An exam the student has already submitted: when, the score, and where to review it. */
  submitted?: { completedAt: string; score: string; reviewTo: string } | null;
};

export function examStartModel(overview: ExamOverview): StartScreenModel {
  const { exam } = overview;
  return {
    noun: "Exam",
    title: exam.title,
    kicker: exam.categoryName,
    description: exam.description,
    rules: [
      [i18n.t("Category"), exam.categoryName ?? "—"],
      [i18n.t("Questions"), String(overview.questionCount)],
      [i18n.t("Time"), minutesLabel(exam.timeLimitSeconds)],
      [i18n.t("Marks per question"), formatMarks(exam.marksPerQuestion ?? 1)],
      [i18n.t("Negative marking"), describePenalty(exam)],
      [i18n.t("Cut-off"), `${exam.passingMarks}%`],
    ],
    access: overview.access,
    openAttempt: overview.openAttempt,
    extraTime: extraTimeOf(overview, exam.timeLimitSeconds),
    submitted: overview.lastCompletedAttempt
      ? {
          completedAt: formatDate(overview.lastCompletedAttempt.completedAt),
          score: formatScorePercent(overview.lastCompletedAttempt.score),
          reviewTo: `/results/${overview.lastCompletedAttempt.id}`,
        }
      : null,
  };
}

/** A quiz scores correct ÷ questions × its total marks (100 when none is set), with no penalty. */
export function quizStartModel(overview: QuizOverview): StartScreenModel {
  const { quiz, questionCount } = overview;
  const perQuestion = Math.round((quiz.maxMarks / questionCount) * 100) / 100;
  return {
    noun: "Quiz",
    title: quiz.title,
    titleHi: quiz.titleHi,
    kicker: i18n.t("Current affairs quiz"),
    rules: [
      [i18n.t("Questions"), String(questionCount)],
      [i18n.t("Time"), minutesLabel(quiz.durationMinutes * 60)],
      [
        i18n.t("Marks"),
        i18n.t("{{total}} in total ({{perQuestion}} per correct answer)", {
          total: quiz.maxMarks,
          perQuestion: formatMarks(perQuestion),
        }),
      ],
      [i18n.t("Negative marking"), i18n.t("None")],
      [i18n.t("Difficulty"), i18n.t(quiz.difficulty)],
      // "English" and "Hindi" are keys of the catalog: each named in the interface language.
      [i18n.t("Languages"), quiz.languages.map((name) => i18n.t(name)).join(", ")],
    ],
    access: overview.access,
    openAttempt: overview.openAttempt,
    extraTime: extraTimeOf(overview, quiz.durationMinutes * 60),
  };
}

/** A practice test or a revision session: the student's own draw from the question bank. */
export function setStartModel(overview: SetOverview, kicker: string): StartScreenModel {
  const { set, questionCount } = overview;
  const note = set.leftOutPremium
    ? i18n.t(
        "{{n}} matching questions come from premium papers and were left out: your plan does not include them.",
        { n: set.leftOutPremium },
      )
    : null;
  return {
    noun: "Test",
    title: i18n.t(set.title),
    kicker,
    rules: [
      [i18n.t("Questions"), String(questionCount)],
      [i18n.t("Time"), set.timed ? minutesLabel(set.timeLimitSeconds) : i18n.t("No time limit")],
      [i18n.t("Marks per question"), formatMarks(set.marksPerQuestion ?? 1)],
      [
        i18n.t("Negative marking"),
        describePenalty({
          marksPerQuestion: set.marksPerQuestion,
          negativeMarkFraction: set.negativeMarkFraction,
        }),
      ],
    ],
    access: overview.access,
    openAttempt: overview.openAttempt,
    untimed: !set.timed,
    extraTime: set.timed ? extraTimeOf(overview, set.timeLimitSeconds) : null,
    note,
    submitted: overview.lastCompletedAttempt
      ? {
          completedAt: formatDate(overview.lastCompletedAttempt.completedAt),
          score: formatScorePercent(overview.lastCompletedAttempt.score),
          reviewTo: `/results/${overview.lastCompletedAttempt.id}`,
        }
      : null,
  };
}

/**
 * The rules and the one button that starts (or resumes) the exam or quiz. Nothing here starts
 * the clock: only `onStart`, from the button, asks the server to create the attempt.
 */
export function StartScreen({
  model,
  onStart,
  isStarting,
  back,
}: {
  model: StartScreenModel;
  onStart: () => void;
  isStarting: boolean;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const { noun, openAttempt, access } = model;
  const words = NOUN_TEXT[noun];
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
      <header className="grid gap-1">
        {model.kicker ? (
          <p lang={contentLang(model.kicker)} className="text-sm text-muted-foreground">
            {model.kicker}
          </p>
        ) : null}
        <LocalText
          as="h1"
          english={model.title}
          hindi={model.titleHi}
          className="text-2xl font-semibold"
        />
        {model.description ? (
          <p lang={contentLang(model.description)} className="text-muted-foreground">
            {model.description}
          </p>
        ) : null}
      </header>
      <section aria-labelledby="start-rules" className="grid gap-3">
        <h2 id="start-rules" className="text-lg font-semibold">
          {t(words.rules)}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-border p-4">
          {model.rules.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd lang={contentLang(value)} className="font-medium">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="start-instructions" className="grid gap-2">
        <h2 id="start-instructions" className="text-lg font-semibold">
          {t("Before you start")}
        </h2>
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            {model.untimed
              ? t("This test has no time limit: submit it when you are done.")
              : t(words.timer)}
          </li>
          <li>
            {t("Every answer is saved as you choose it, also on this device when you are offline.")}
          </li>
          <li>
            {t(
              "Use the question palette to jump to any question and to see which are answered or marked for review.",
            )}
          </li>
          {model.untimed ? null : <li>{t(words.zero)}</li>}
        </ul>
      </section>
      {model.extraTime && !model.untimed ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
        >
          <Accessibility className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {openAttempt
              ? t("Your time includes {{time}} of extra time (accommodation).", {
                  time: formatExtraTime(model.extraTime.seconds),
                })
              : t("You have {{time}} of extra time (accommodation): {{total}} in all.", {
                  time: formatExtraTime(model.extraTime.seconds),
                  total: formatExtraTime(model.extraTime.totalSeconds),
                })}
          </span>
        </p>
      ) : null}
      {model.note ? (
        <p role="note" className="rounded-lg border border-border bg-muted/40 p-3 text-sm">
          {model.note}
        </p>
      ) : null}
      {model.submitted && !openAttempt ? (
        <p className="flex flex-wrap items-center gap-x-2 rounded-lg border border-border bg-muted/40 p-3 text-sm">
          <span>
            {t("You submitted this exam on {{date}} with {{score}}.", {
              date: model.submitted.completedAt,
              score: model.submitted.score,
            })}
          </span>
          <Link to={model.submitted.reviewTo} className="font-medium text-primary underline">
            {t("Review")}
          </Link>
        </p>
      ) : null}
      {access.locked ? (
        <p className="flex items-center gap-2 rounded-lg border border-border p-3 text-sm">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          <span>
            <Trans
              i18nKey={words.premium}
              components={{
                plans: <Link to="/student/subscriptions" className="font-medium underline" />,
              }}
            />
          </span>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {openAttempt ? (
          <>
            <Button className="h-11" onClick={onStart} disabled={isStarting}>
              {isStarting ? t("Resuming...") : t("Resume")}
            </Button>
            <p className="text-sm text-muted-foreground">
              {openAttempt.attemptNumber && noun === "Quiz"
                ? t("Attempt #{{number}}: ", { number: openAttempt.attemptNumber })
                : ""}
              {formatInProgress(openAttempt.secondsLeft)}
            </p>
          </>
        ) : (
          <Button className="h-11" onClick={onStart} disabled={isStarting}>
            {isStarting ? t("Starting...") : t(words.start)}
          </Button>
        )}
        <Button asChild variant="outline" className="h-11">
          <Link to={back.to}>{back.label}</Link>
        </Button>
      </div>
    </div>
  );
}

/** The exam's start screen. */
export function ExamStartScreen({
  overview,
  onStart,
  isStarting,
  dashboardPath,
}: {
  overview: ExamOverview;
  onStart: () => void;
  isStarting: boolean;
  dashboardPath: string;
}) {
  return (
    <StartScreen
      model={examStartModel(overview)}
      onStart={onStart}
      isStarting={isStarting}
      back={{ to: dashboardPath, label: i18n.t("Back to Dashboard") }}
    />
  );
}
