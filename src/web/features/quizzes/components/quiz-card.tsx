// The languages line names Hindi in Devanagari: its font, fetched only when that text shows.
import "@web/lib/devanagari-font.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { formatDate } from "@web/lib/format.ts";
import {
  Bookmark,
  BookmarkCheck,
  Clock,
  FileQuestion,
  FileText,
  Gauge,
  Languages,
  Lock,
  Share2,
  Trophy,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { languagesLabel } from "../../../../shared/quiz-constants.ts";
import { QUIZ_PDF_MESSAGES } from "../../../../shared/quizzes.ts";
import type { QuizCardData } from "../api/quizzes.ts";

const round2 = (n: number) => Math.round(n * 100) / 100;

function Fact(props: { icon: typeof Clock; children: React.ReactNode; wide?: boolean }) {
  const Icon = props.icon;
  return (
    <li
      className={props.wide ? "col-span-2 flex items-center gap-1.5" : "flex items-center gap-1.5"}
    >
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>{props.children}</span>
    </li>
  );
}

/** One quiz of the list, per the spec's card (attempt counts and rank are real). */
export function QuizCard(props: {
  quiz: QuizCardData;
  onToggleSave: () => void;
  onShare: () => void;
  isSaving: boolean;
}) {
  const q = props.quiz;
  const attemptPath = `/quiz/${q.id}/attempt`;
  const latest = q.latestAttempt;
  const titleId = `quiz-title-${q.id}`;
  // A premium quiz the student's plan does not open: the card sends them to the plans instead.
  const isLocked = q.access.locked && !q.hasOpenAttempt;
  const attemptsLeft = q.access.attemptsLeft;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
    >
      <div className="flex items-center gap-1">
        <Badge variant={q.isFree ? "secondary" : "warning"}>{q.isFree ? "Free" : "Premium"}</Badge>
        {isLocked ? (
          <Badge variant="outline">
            <Lock className="mr-1 size-3" aria-hidden="true" /> Locked
          </Badge>
        ) : null}
        <span className="flex-1" />
        {q.pdfUrl ? (
          <Button asChild variant="ghost" size="sm">
            <a href={q.pdfUrl} target="_blank" rel="noopener">
              <FileText aria-hidden="true" /> PDF
            </a>
          </Button>
        ) : q.pdfAfterAttempt ? (
          // The PDF may hold the answers: it opens once the student has completed the quiz.
          <span className="flex items-center gap-1 px-2 text-xs text-muted-foreground">
            <FileText className="size-4" aria-hidden="true" /> {QUIZ_PDF_MESSAGES.afterAttempt}
          </span>
        ) : null}
        <Button variant="ghost" size="icon" aria-label={`Share ${q.title}`} onClick={props.onShare}>
          <Share2 aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={q.isSaved ? `Unsave ${q.title}` : `Save ${q.title}`}
          aria-pressed={q.isSaved}
          disabled={props.isSaving}
          onClick={props.onToggleSave}
        >
          {q.isSaved ? (
            <BookmarkCheck className="text-primary" aria-hidden="true" />
          ) : (
            <Bookmark aria-hidden="true" />
          )}
        </Button>
      </div>
      <h2 id={titleId} className="text-base font-semibold leading-snug">
        {q.title}
      </h2>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
        <Fact icon={Clock}>{q.durationMinutes} min</Fact>
        <Fact icon={Trophy}>{q.maxMarks} marks</Fact>
        <Fact icon={Languages}>{languagesLabel(q.languages)}</Fact>
        <Fact icon={FileQuestion}>{q.numQuestions} questions</Fact>
        <Fact icon={Gauge}>{q.difficulty}</Fact>
        <Fact icon={Users} wide>
          {q.attempts.total.toLocaleString("en-IN")} attempt{q.attempts.total === 1 ? "" : "s"}
          <span className="text-muted-foreground">
            {" "}
            · {q.attempts.last7Days.toLocaleString("en-IN")} this week
          </span>
        </Fact>
      </ul>
      {attemptsLeft !== null && !isLocked ? (
        <p className="text-sm text-muted-foreground">
          {attemptsLeft} attempt{attemptsLeft === 1 ? "" : "s"} left on your plan
        </p>
      ) : null}
      {isLocked ? (
        <Button asChild variant="outline" className="mt-auto">
          <Link to="/student/subscriptions" aria-label={`View plans to unlock ${q.title}`}>
            <Lock aria-hidden="true" /> View Plans
          </Link>
        </Button>
      ) : latest ? (
        <div className="mt-auto grid gap-2 rounded-md bg-muted p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            {q.rank ? (
              <span className="font-semibold">
                Rank {q.rank.position} of {q.rank.of}
              </span>
            ) : null}
            <span className="font-semibold">
              Score {round2(latest.score)}/{q.maxMarks}
            </span>
          </div>
          <p className="text-success font-medium">Ready to Reattempt</p>
          <p className="text-muted-foreground">Attempted on {formatDate(latest.completedAt)}</p>
          <div className="grid grid-cols-2 gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`${attemptPath}?attemptId=${latest.id}&viewResults=true`}>View Result</Link>
            </Button>
            <Button asChild size="sm">
              <Link to={attemptPath}>{q.hasOpenAttempt ? "Resume" : "Reattempt"}</Link>
            </Button>
          </div>
        </div>
      ) : (
        <Button asChild className="mt-auto">
          <Link to={attemptPath}>{q.hasOpenAttempt ? "Resume" : "Start Now"}</Link>
        </Button>
      )}
    </article>
  );
}
