import { AnswerReview } from "@web/components/exam/answer-review.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { formatScorePercent } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Language } from "../../../../shared/quiz-constants.ts";
import type { AttemptReview } from "../api/attempts.ts";
import { useOwnCompletedReview, useRevisionToggleAttempt } from "../lib/revision-toggle.ts";

/**
 * What a score is read against, for the kinds graded like an exam: the exam (with its cut-off)
 * or a practice test or revision session (no cut-off).
 */
export function scoredTargetOf(review: Pick<AttemptReview, "exam" | "set">) {
  if (review.exam) return review.exam;
  if (review.set)
    return {
      id: review.set.id,
      title: review.set.title,
      passingMarks: null,
      marksPerQuestion: review.set.marksPerQuestion,
      negativeMarkFraction: review.set.negativeMarkFraction,
    };
  return null;
}

/**
 * Shown right after submitting: the score against the exam's cut-off (students read
 * "Cut-off") and every question right or wrong, in the question language chosen.
 */
export function ExamSummary({
  review,
  dashboardPath,
  language,
}: {
  review: AttemptReview;
  dashboardPath: string;
  language: Language;
}) {
  const { t } = useTranslation();
  const revisionAttemptId = useRevisionToggleAttempt(review);
  const ownReview = useOwnCompletedReview(review);
  const exam = scoredTargetOf(review);
  if (!exam) return null;
  const score = review.attempt.score ?? 0;
  // A practice test has no cut-off: its score is shown without a verdict.
  const passed = exam.passingMarks === null ? score >= 0 : review.attempt.passed === true;
  const hasMarks = exam.marksPerQuestion !== null;
  return (
    <div className="grid gap-6">
      <section className="grid justify-items-center gap-2 rounded-lg border border-border bg-background p-6 text-center">
        <h1 lang={contentLang(exam.title)} className="text-xl font-bold">
          {t(exam.title)}
        </h1>
        <p className={cn("text-5xl font-bold", passed ? "text-success" : "text-destructive")}>
          {formatScorePercent(score)}
        </p>
        {exam.passingMarks === null ? null : (
          <Badge variant={passed ? "success" : "destructive"}>
            {passed ? t("Above the cut-off") : t("Below the cut-off")}
          </Badge>
        )}
        <p className="text-sm text-muted-foreground">
          {t("{{correct}} correct, {{wrong}} wrong, {{unanswered}} unanswered", review.tally)}
          {hasMarks ? ` · ${t("{{marksObtained}} of {{maxMarks}} marks", review.tally)}` : ""}
          {exam.passingMarks === null
            ? ""
            : ` · ${t("Cut-off: {{percent}}%", { percent: exam.passingMarks })}`}
        </p>
        <div className="flex flex-wrap justify-center gap-2 pt-2">
          <Button asChild>
            <Link to={`/results/${review.attempt.id}`}>{t("View Detailed Results")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={dashboardPath}>{t("Back to Dashboard")}</Link>
          </Button>
        </div>
      </section>
      <AnswerReview
        answers={review.answers}
        explanationMode="toggle"
        language={language}
        revisionAttemptId={revisionAttemptId}
        discussion={ownReview}
        keyChangeLogOf={review.exam?.id}
      />
    </div>
  );
}
