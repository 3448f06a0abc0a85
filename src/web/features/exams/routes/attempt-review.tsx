import { AnswerReview } from "@web/components/exam/answer-review.tsx";
import { AttemptAnalysisSlot } from "@web/components/exam/attempt-analysis-slot.tsx";
import { LanguageSwitch } from "@web/components/exam/language-switch.tsx";
import { hasHindi } from "@web/components/exam/question-language.ts";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { type HookData, QueryContent } from "@web/components/ui/query-content.tsx";
import { ATTEMPT_LINKS } from "@web/lib/attempt-links.ts";
import { useAuth } from "@web/lib/auth.ts";
import { formatDateTime, formatDuration, formatScorePercent } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useQuestionLanguage } from "@web/lib/use-question-language.ts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import type { Language } from "../../../../shared/quiz-constants.ts";
import { useAttempt } from "../api/attempts.ts";
import { scoredTargetOf } from "../components/exam-summary.tsx";
import { RegradeNote } from "../components/regrade-note.tsx";
import { useOwnCompletedReview, useRevisionToggleAttempt } from "../lib/revision-toggle.ts";

export function AttemptReviewPage() {
  const { t, i18n } = useTranslation();
  const { attemptId = "" } = useParams();
  const auth = useAuth();
  const attempt = useAttempt(attemptId);
  const revisionAttemptId = useRevisionToggleAttempt(attempt.data);
  const ownReview = useOwnCompletedReview(attempt.data);
  const [language, setLanguage] = useQuestionLanguage();
  const isAdmin = auth.status === "signed-in" && auth.role === "admin";
  const back = { to: isAdmin ? "/admin/results" : "/results", label: t("Back to Results") };

  useEffect(() => {
    if (attempt.isError) notify.error(i18n.t("Error fetching data"), i18n.t(attempt.error.message));
  }, [attempt.isError, attempt.error, i18n]);

  return (
    <QueryContent
      query={attempt}
      loadingLabel={t("Loading attempt...")}
      // Spec: a failed single-attempt fetch goes back to the results list.
      error={() => <Navigate to={back.to} replace />}
    >
      {(data) => (
        <AttemptReview
          data={data}
          back={back}
          isAdmin={isAdmin}
          language={language}
          setLanguage={setLanguage}
          revisionAttemptId={revisionAttemptId}
          ownReview={ownReview}
        />
      )}
    </QueryContent>
  );
}

/** The loaded attempt: a redirect where another page shows it, else its review. */
function AttemptReview({
  data,
  back,
  isAdmin,
  language,
  setLanguage,
  revisionAttemptId,
  ownReview,
}: {
  data: HookData<typeof useAttempt>;
  back: { to: string; label: string };
  isAdmin: boolean;
  language: Language;
  setLanguage: (language: Language) => void;
  revisionAttemptId: ReturnType<typeof useRevisionToggleAttempt>;
  ownReview: boolean;
}) {
  const { t } = useTranslation();
  // A live test's result is sealed until publication: its waiting room says when.
  if ("sealedUntil" in data && data.sealedUntil && data.exam)
    return <Navigate to={`/exam/${data.exam.id}`} replace />;
  // A quiz attempt has its own page (the same engine, the quiz's screen).
  if (data.quiz) {
    const view =
      data.status === "completed" ? `?attemptId=${data.attempt.id}&viewResults=true` : "";
    return <Navigate to={`/quiz/${data.quiz.id}/attempt${view}`} replace />;
  }
  const exam = scoredTargetOf(data);
  if (!exam) return <Navigate to={back.to} replace />;
  if (data.status === "in_progress" && "questions" in data) {
    return <Navigate to={ATTEMPT_LINKS[data.kind].path(exam.id)} replace />;
  }
  if (!("tally" in data)) return <Navigate to={back.to} replace />;
  const passed =
    exam.passingMarks === null ? (data.attempt.score ?? 0) >= 0 : data.attempt.passed === true;
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6">
      <PageHeader
        title={t(exam.title)}
        description={t("Attempt review")}
        backTo={back.to}
        backLabel={back.label}
        actions={
          hasHindi(data.answers.map((a) => a.question)) ? (
            <LanguageSwitch value={language} onChange={setLanguage} />
          ) : null
        }
      />
      <RegradeNote regradedAt={data.attempt.regradedAt} />
      <section className="grid gap-4 rounded-lg border border-border bg-background p-5 sm:grid-cols-2">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">{t("Score")}</p>
          <p
            className={
              passed ? "text-4xl font-bold text-success" : "text-4xl font-bold text-destructive"
            }
          >
            {formatScorePercent(data.attempt.score)}
          </p>
          {/* Students read the cut-off; the spec's Passed/Failed stays for admins. */}
          {exam.passingMarks === null ? null : (
            <Badge variant={passed ? "success" : "destructive"} className="justify-self-start">
              {data.attempt.passed === null
                ? t("Pending")
                : isAdmin
                  ? passed
                    ? t("Passed")
                    : t("Failed")
                  : passed
                    ? t("Above the cut-off")
                    : t("Below the cut-off")}
            </Badge>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t("Completed")}</dt>
          <dd>{formatDateTime(data.attempt.completedAt)}</dd>
          <dt className="text-muted-foreground">{t("Time taken")}</dt>
          <dd>{formatDuration(data.attempt.timeTakenSeconds)}</dd>
          {exam.passingMarks === null ? null : (
            <>
              <dt className="text-muted-foreground">
                {isAdmin ? t("Passing score") : t("Cut-off")}
              </dt>
              <dd>{exam.passingMarks}%</dd>
            </>
          )}
          <dt className="text-muted-foreground">{t("Answers")}</dt>
          <dd>
            {t("{{correct}} correct, {{wrong}} wrong, {{unanswered}} unanswered", data.tally)}
          </dd>
          {exam.marksPerQuestion !== null ? (
            <>
              <dt className="text-muted-foreground">{t("Marks")}</dt>
              <dd>
                {t(
                  "{{marksObtained}} of {{maxMarks}} (+{{right}} for a right answer, −{{wrong}} for a wrong one)",
                  {
                    marksObtained: data.tally.marksObtained,
                    maxMarks: data.tally.maxMarks,
                    right: exam.marksPerQuestion,
                    wrong:
                      Math.round(exam.marksPerQuestion * (exam.negativeMarkFraction ?? 0) * 100) /
                      100,
                  },
                )}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      {data.status === "completed" ? <AttemptAnalysisSlot attemptId={data.attempt.id} /> : null}
      <AnswerReview
        answers={data.answers}
        explanationMode="inline"
        showOptions
        language={language}
        revisionAttemptId={revisionAttemptId}
        discussion={ownReview}
        keyChangeLogOf={data.exam?.id}
      />
    </div>
  );
}
