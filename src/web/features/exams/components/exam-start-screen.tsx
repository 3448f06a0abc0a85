import { Button } from "@web/components/ui/button.tsx";
import { formatInProgress } from "@web/lib/format.ts";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import type { ExamOverview, QuizOverview } from "../api/attempts.ts";

function minutesLabel(seconds: number) {
  const minutes = Math.round(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

function formatMarks(value: number) {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, "");
}

/** The penalty for a wrong answer, in marks and as a fraction of a question's marks. */
export function describePenalty(exam: ExamOverview["exam"]) {
  if (!exam.negativeMarkFraction || !exam.marksPerQuestion) return "None";
  const penalty = exam.marksPerQuestion * exam.negativeMarkFraction;
  return `−${formatMarks(Math.round(penalty * 100) / 100)} per wrong answer (${formatMarks(
    Math.round(exam.negativeMarkFraction * 10000) / 100,
  )}% of a question's marks)`;
}

type Access = ExamOverview["access"];
type OpenAttempt = { secondsLeft: number; attemptNumber?: number | null } | null;

/** What a start screen shows, the same for an exam and a quiz. */
export type StartScreenModel = {
  noun: "Exam" | "Quiz";
  title: string;
  /** The line above the title (the exam's category). */
  kicker?: string | null;
  description?: string | null;
  rules: [string, string][];
  access: Access;
  openAttempt: OpenAttempt;
};

export function examStartModel(overview: ExamOverview): StartScreenModel {
  const { exam } = overview;
  return {
    noun: "Exam",
    title: exam.title,
    kicker: exam.categoryName,
    description: exam.description,
    rules: [
      ["Category", exam.categoryName ?? "—"],
      ["Questions", String(overview.questionCount)],
      ["Time", minutesLabel(exam.timeLimitSeconds)],
      ["Marks per question", formatMarks(exam.marksPerQuestion ?? 1)],
      ["Negative marking", describePenalty(exam)],
      ["Pass mark", `${exam.passingMarks}%`],
    ],
    access: overview.access,
    openAttempt: overview.openAttempt,
  };
}

/** A quiz scores correct ÷ questions × its total marks (100 when none is set), with no penalty. */
export function quizStartModel(overview: QuizOverview): StartScreenModel {
  const { quiz, questionCount } = overview;
  const perQuestion = Math.round((quiz.maxMarks / questionCount) * 100) / 100;
  return {
    noun: "Quiz",
    title: quiz.title,
    kicker: "Current affairs quiz",
    rules: [
      ["Questions", String(questionCount)],
      ["Time", minutesLabel(quiz.durationMinutes * 60)],
      ["Marks", `${quiz.maxMarks} in total (${formatMarks(perQuestion)} per correct answer)`],
      ["Negative marking", "None"],
      ["Difficulty", quiz.difficulty],
      ["Languages", quiz.languages.join(", ")],
    ],
    access: overview.access,
    openAttempt: overview.openAttempt,
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
  const { noun, openAttempt, access } = model;
  const lower = noun.toLowerCase();
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
      <header className="grid gap-1">
        {model.kicker ? <p className="text-sm text-muted-foreground">{model.kicker}</p> : null}
        <h1 className="text-2xl font-semibold">{model.title}</h1>
        {model.description ? <p className="text-muted-foreground">{model.description}</p> : null}
      </header>
      <section aria-labelledby="start-rules" className="grid gap-3">
        <h2 id="start-rules" className="text-lg font-semibold">
          {noun} rules
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-border p-4">
          {model.rules.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="start-instructions" className="grid gap-2">
        <h2 id="start-instructions" className="text-lg font-semibold">
          Before you start
        </h2>
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            The timer starts when you press Start {noun} and keeps running until you submit, even if
            you leave this page.
          </li>
          <li>Every answer is saved as you choose it, also on this device when you are offline.</li>
          <li>
            Use the question palette to jump to any question and to see which are answered or marked
            for review.
          </li>
          <li>
            At time zero the {lower} is submitted automatically with the answers saved so far.
          </li>
        </ul>
      </section>
      {access.locked ? (
        <p className="flex items-center gap-2 rounded-lg border border-border p-3 text-sm">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          <span>
            This is a premium {lower}.{" "}
            <Link to="/student/subscriptions" className="font-medium underline">
              View Plans
            </Link>{" "}
            to unlock it.
          </span>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {openAttempt ? (
          <>
            <Button className="h-11" onClick={onStart} disabled={isStarting}>
              {isStarting ? "Resuming..." : "Resume"}
            </Button>
            <p className="text-sm text-muted-foreground">
              {openAttempt.attemptNumber && noun === "Quiz"
                ? `Attempt #${openAttempt.attemptNumber}: `
                : ""}
              {formatInProgress(openAttempt.secondsLeft)}
            </p>
          </>
        ) : (
          <Button className="h-11" onClick={onStart} disabled={isStarting}>
            {isStarting ? "Starting..." : `Start ${noun}`}
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
      back={{ to: dashboardPath, label: "Back to Dashboard" }}
    />
  );
}
