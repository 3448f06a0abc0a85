import "@web/lib/devanagari-font.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { LoadingState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { dashboardPathFor, useAuth } from "@web/lib/auth.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect, useMemo } from "react";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { QUIZ_MESSAGES } from "../../../../shared/quiz-constants.ts";
import {
  type AttemptReview,
  attemptQueryOptions,
  getQuizOverview,
  startQuizAttempt,
} from "../api/attempts.ts";
import { AttemptRunner, type RunnerTexts } from "../components/attempt-runner.tsx";
import { quizStartModel, StartScreen } from "../components/exam-start-screen.tsx";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { QuizResult } from "../components/quiz-result.tsx";
import { hasHindi } from "../lib/question-language.ts";
import { useQuestionLanguage } from "../lib/use-question-language.ts";

const LIST = "/current-affairs/quizzes";

function Message(props: { text: string }) {
  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
      <p role="alert" className="text-lg font-semibold">
        {props.text}
      </p>
      <Button asChild variant="outline" className="justify-self-center">
        <Link to={LIST}>Back to Quizzes</Link>
      </Button>
    </div>
  );
}

/** ?attemptId=…&viewResults=true: one of the student's own past attempts, read-only. */
function PastAttempt(props: { quizId: string; attemptId: string; dashboardPath: string }) {
  const attempt = useQuery({ ...attemptQueryOptions(props.attemptId), retry: false });
  const [language, setLanguage] = useQuestionLanguage();
  useEffect(() => {
    const error = attempt.error;
    if (error instanceof ApiError && error.status !== 404) {
      notify.error(QUIZ_MESSAGES.pastFetchError, error.message);
    }
  }, [attempt.error]);
  if (attempt.isPending) return <LoadingState label="Loading result..." />;
  const data = attempt.data;
  if (!data || data.quiz?.id !== props.quizId || !("tally" in data)) {
    return <Message text={QUIZ_MESSAGES.pastNotFound} />;
  }
  if (data.status !== "completed") return <Navigate to={`/quiz/${props.quizId}/attempt`} replace />;
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
}

function startErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
    return error.message;
  }
  return QUIZ_MESSAGES.initFailed;
}

/**
 * The quiz's start screen, then the attempt. Opening (or reloading, or prefetching) the page only
 * reads the rules; Start Quiz (or Resume) creates the attempt: the spec's in_progress.
 */
function LiveAttempt(props: { quizId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useQuestionLanguage();
  const overview = useQuery({
    queryKey: queryKeys.quizOverview(props.quizId),
    queryFn: () => getQuizOverview(props.quizId),
    gcTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const start = useMutation({
    mutationFn: () => startQuizAttempt(props.quizId),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        notify.error(QUIZ_MESSAGES.startConflictTitle, QUIZ_MESSAGES.startConflict, {
          duration: 7000,
        });
      } else if (!(error instanceof ApiError && (error.status === 404 || error.status === 403))) {
        // Spec: other start failures go back to the quiz list.
        notify.error("Error Starting Quiz", QUIZ_MESSAGES.initFailed);
        navigate(LIST, { replace: true });
      }
    },
  });
  const onDone = useMemo(
    () => (review: AttemptReview) => {
      const max = review.quiz?.maxMarks ?? 100;
      notify.success(QUIZ_MESSAGES.submitted, `Your score: ${review.attempt.score ?? 0}/${max}`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
      queryClient.setQueryData(attemptQueryOptions(review.attempt.id).queryKey, review);
      // The result gets its own address, so a reload shows it rather than starting again.
      navigate(`/quiz/${props.quizId}/attempt?attemptId=${review.attempt.id}&viewResults=true`, {
        replace: true,
      });
      window.scrollTo({ top: 0 });
    },
    [navigate, props.quizId, queryClient],
  );
  const data = start.data;
  if (data) {
    if (data.questions.length === 0) return <Message text={QUIZ_MESSAGES.noQuestions} />;
    const texts: RunnerTexts = {
      noun: "Quiz",
      heading: (index, total) =>
        `Question ${index + 1} of ${total} (Attempt #${data.attempt.attemptNumber ?? 1})`,
    };
    return (
      <AttemptRunner
        key={data.attempt.id}
        session={data}
        onDone={onDone}
        texts={texts}
        exitTo={LIST}
        language={language}
        toolbar={
          hasHindi(data.questions) ? (
            <LanguageSwitch value={language} onChange={setLanguage} />
          ) : null
        }
      />
    );
  }
  const refused = start.error ?? overview.error;
  if (refused instanceof ApiError && refused.status === 403) {
    return (
      <div className="grid gap-2">
        <Message text={refused.message} />
        <Button asChild className="justify-self-center">
          <Link to="/student/subscriptions">See Plans</Link>
        </Button>
      </div>
    );
  }
  if (overview.isPending) return <LoadingState label="Loading quiz..." />;
  if (overview.error instanceof ApiError && overview.error.code === "MAINTENANCE") {
    return (
      <Message text="The site is under maintenance. Please come back to start this quiz when it is back." />
    );
  }
  if (overview.isError) return <Message text={startErrorMessage(overview.error)} />;
  return (
    <StartScreen
      model={quizStartModel(overview.data)}
      onStart={() => start.mutate()}
      isStarting={start.isPending}
      back={{ to: LIST, label: "Back to Quizzes" }}
    />
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
  return <LiveAttempt quizId={quizId} />;
}
