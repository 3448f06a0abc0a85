import { QueryContent } from "@web/components/ui/query-content.tsx";
import "@web/lib/devanagari-font.ts";
import { useQuery } from "@tanstack/react-query";
import { LanguageSwitch } from "@web/components/exam/language-switch.tsx";
import { hasHindi } from "@web/components/exam/question-language.ts";
import { ApiError } from "@web/lib/api.ts";
import { dashboardPathFor, useAuth } from "@web/lib/auth.ts";
import { notify } from "@web/lib/toast.ts";
import { useQuestionLanguage } from "@web/lib/use-question-language.ts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useParams, useSearchParams } from "react-router";
import { QUIZ_MESSAGES } from "../../../../shared/quiz-constants.ts";
import { attemptQueryOptions } from "../api/attempts.ts";
import { QuizResult } from "../components/quiz-result.tsx";
import { Centered } from "../kinds/common.tsx";
import { AttemptPage } from "./attempt-page.tsx";

const LIST = "/current-affairs/quizzes";

/** ?attemptId=…&viewResults=true: one of the student's own past attempts, read-only. */
function PastAttempt(props: { quizId: string; attemptId: string; dashboardPath: string }) {
  const { t, i18n } = useTranslation();
  const attempt = useQuery({ ...attemptQueryOptions(props.attemptId), retry: false });
  const [language, setLanguage] = useQuestionLanguage();
  useEffect(() => {
    const error = attempt.error;
    if (error instanceof ApiError && error.status !== 404) {
      notify.error(i18n.t(QUIZ_MESSAGES.pastFetchError), i18n.t(error.message));
    }
  }, [attempt.error, i18n]);
  const notFound = (
    <Centered
      text={t(QUIZ_MESSAGES.pastNotFound)}
      back={{ to: LIST, label: t("Back to Quizzes") }}
    />
  );
  return (
    <QueryContent query={attempt} loadingLabel={t("Loading result...")} error={() => notFound}>
      {(data) => {
        if (data.quiz?.id !== props.quizId || !("tally" in data)) return notFound;
        if (data.status !== "completed")
          return <Navigate to={`/quiz/${props.quizId}/attempt`} replace />;
        return (
          <QuizResult
            review={data}
            language={language}
            dashboardPath={props.dashboardPath}
            toolbar={
              hasHindi(data.answers.map((a) => a.question)) ? (
                <LanguageSwitch value={language} onChange={setLanguage} />
              ) : null
            }
          />
        );
      }}
    </QueryContent>
  );
}

export function QuizAttemptPage() {
  const { quizId = "" } = useParams();
  const [params] = useSearchParams();
  const auth = useAuth();
  const dashboardPath = auth.status === "signed-in" ? dashboardPathFor(auth.role) : "/";
  const attemptId = params.get("attemptId");
  if (attemptId && params.get("viewResults") === "true") {
    return <PastAttempt quizId={quizId} attemptId={attemptId} dashboardPath={dashboardPath} />;
  }
  return <AttemptPage kind="quiz" id={quizId} />;
}
