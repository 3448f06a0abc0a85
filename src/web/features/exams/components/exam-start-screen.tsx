import { Button } from "@web/components/ui/button.tsx";
import { formatInProgress } from "@web/lib/format.ts";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import type { ExamOverview } from "../api/attempts.ts";

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

/**
 * The exam's rules and the one button that starts (or resumes) it. Nothing here starts the clock:
 * only `onStart`, from the button, asks the server to create the attempt.
 */
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
  const { exam, openAttempt, access } = overview;
  const rules: [string, string][] = [
    ["Category", exam.categoryName ?? "—"],
    ["Questions", String(overview.questionCount)],
    ["Time", minutesLabel(exam.timeLimitSeconds)],
    ["Marks per question", formatMarks(exam.marksPerQuestion ?? 1)],
    ["Negative marking", describePenalty(exam)],
    ["Pass mark", `${exam.passingMarks}%`],
  ];
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
      <header className="grid gap-1">
        <p className="text-sm text-muted-foreground">{exam.categoryName}</p>
        <h1 className="text-2xl font-semibold">{exam.title}</h1>
        {exam.description ? <p className="text-muted-foreground">{exam.description}</p> : null}
      </header>
      <section aria-labelledby="exam-rules" className="grid gap-3">
        <h2 id="exam-rules" className="text-lg font-semibold">
          Exam rules
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-border p-4">
          {rules.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="exam-instructions" className="grid gap-2">
        <h2 id="exam-instructions" className="text-lg font-semibold">
          Before you start
        </h2>
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            The timer starts when you press Start Exam and keeps running until you submit, even if
            you leave this page.
          </li>
          <li>Every answer is saved as you choose it, also on this device when you are offline.</li>
          <li>
            Use the question palette to jump to any question and to see which are answered or marked
            for review.
          </li>
          <li>At time zero the exam is submitted automatically with the answers saved so far.</li>
        </ul>
      </section>
      {access.locked ? (
        <p className="flex items-center gap-2 rounded-lg border border-border p-3 text-sm">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          <span>
            This is a premium exam.{" "}
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
            <Button onClick={onStart} disabled={isStarting}>
              {isStarting ? "Resuming..." : "Resume"}
            </Button>
            <p className="text-sm text-muted-foreground">
              {formatInProgress(openAttempt.secondsLeft)}
            </p>
          </>
        ) : (
          <Button onClick={onStart} disabled={isStarting}>
            {isStarting ? "Starting..." : "Start Exam"}
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={dashboardPath}>Back to Dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
