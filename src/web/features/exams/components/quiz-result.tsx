import { AnswerReview } from "@web/components/exam/answer-review.tsx";
import { AttemptAnalysisSlot } from "@web/components/exam/attempt-analysis-slot.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { formatDateTime, formatDuration } from "@web/lib/format.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Language } from "../../../../shared/quiz-constants.ts";
import type { AttemptReview } from "../api/attempts.ts";
import { useOwnCompletedReview, useRevisionToggleAttempt } from "../lib/revision-toggle.ts";
import { RegradeNote } from "./regrade-note.tsx";

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A completed quiz attempt (just submitted, or opened in view mode): the score, the rank, and a
 * read-only review in a pane at most 40% of the viewport high.
 */
export function QuizResult(props: {
  review: AttemptReview;
  language: Language;
  dashboardPath: string;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const { review } = props;
  const revisionAttemptId = useRevisionToggleAttempt(review);
  const ownReview = useOwnCompletedReview(review);
  const quiz = review.quiz;
  if (!quiz) return null;
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-6">
      <RegradeNote regradedAt={review.attempt.regradedAt} />
      <section className="grid justify-items-center gap-2 rounded-lg border border-border bg-background p-5 text-center">
        <div className="flex w-full flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            {t("Attempt #{{number}}", { number: review.attempt.attemptNumber })} ·{" "}
            {formatDateTime(review.attempt.completedAt)}
          </p>
          {props.toolbar}
        </div>
        <LocalText
          as="h1"
          english={quiz.title}
          hindi={quiz.titleHi}
          className="text-xl font-bold"
        />
        <p className="text-sm text-muted-foreground">{t("Your score")}</p>
        <p className="text-5xl font-bold text-primary">
          {round2(review.attempt.score ?? 0)}
          <span className="text-2xl text-muted-foreground">/{quiz.maxMarks}</span>
        </p>
        {review.rank ? (
          <p className="text-lg font-semibold">{t("Rank {{position}} of {{of}}", review.rank)}</p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {t("{{correct}} correct, {{wrong}} wrong, {{unanswered}} unanswered", review.tally)} ·{" "}
          {t("time taken {{duration}}", {
            duration: formatDuration(review.attempt.timeTakenSeconds),
          })}
        </p>
        {review.rank && !review.attempt.isRanked ? (
          <p className="text-xs text-muted-foreground">
            {t("Your rank comes from your first attempt at this quiz.")}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-center gap-2 pt-2">
          <Button asChild>
            <Link to="/current-affairs/quizzes">{t("Back to Quizzes")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={props.dashboardPath}>{t("Go to Dashboard")}</Link>
          </Button>
        </div>
      </section>
      <AttemptAnalysisSlot attemptId={review.attempt.id} />
      <section
        aria-label={t("Review")}
        tabIndex={-1}
        lang={props.language}
        className="max-h-[40vh] overflow-y-auto rounded-lg border border-border bg-background p-3"
      >
        <AnswerReview
          answers={review.answers}
          explanationMode="inline"
          showOptions
          language={props.language}
          revisionAttemptId={revisionAttemptId}
          discussion={ownReview}
          keyChangeLogOf={review.quiz?.id}
        />
      </section>
    </div>
  );
}
