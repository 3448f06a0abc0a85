import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { LoadingState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { dashboardPathFor, useAuth } from "@web/lib/auth.ts";
import { formatScorePercent } from "@web/lib/format.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { Lock } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { EXAM_MESSAGES } from "../../../../shared/exams.ts";
import { type AttemptReview, getExamOverview, startAttempt } from "../api/attempts.ts";
import { AttemptRunner, type RunnerTexts } from "../components/attempt-runner.tsx";
import { ExamStartScreen } from "../components/exam-start-screen.tsx";
import { ExamSummary } from "../components/exam-summary.tsx";

const EXAM_TEXTS: RunnerTexts = { noun: "Exam" };

export function ExamTakingPage() {
  const { examId = "" } = useParams();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [review, setReview] = useState<AttemptReview | null>(null);
  // The start screen's data is read only: loading, reloading or prefetching it starts nothing.
  const overview = useQuery({
    queryKey: queryKeys.examOverview(examId),
    queryFn: () => getExamOverview(examId),
    gcTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
  });
  // Only the Start (or Resume) button creates the attempt; the server resumes an open one.
  const start = useMutation({
    mutationFn: () => startAttempt(examId),
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 403))
        notify.error("Error Starting Exam", error.message || "Could not record exam start.");
    },
  });
  const session = start.data;
  const dashboardPath = auth.status === "signed-in" ? dashboardPathFor(auth.role) : "/";
  const finalizedAttemptId = session?.finalizedAttemptId;
  useEffect(() => {
    if (finalizedAttemptId) {
      notify.info(
        "Previous Attempt Submitted",
        "Your earlier attempt ran out of time and was graded. You can see it in My Results.",
      );
    }
  }, [finalizedAttemptId]);
  useEffect(() => {
    const error = overview.error;
    if (error instanceof ApiError && error.status !== 404 && error.code !== "MAINTENANCE")
      notify.error("Error Fetching Exam Data", error.message);
  }, [overview.error]);
  const onDone = useMemo(
    () => (result: AttemptReview) => {
      notify.success("Exam Submitted", `Your score: ${formatScorePercent(result.attempt.score)}`);
      setReview(result);
      void queryClient.invalidateQueries({ queryKey: queryKeys.results.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.exams.all });
      window.scrollTo({ top: 0 });
    },
    [queryClient],
  );

  if (review) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6">
        <ExamSummary review={review} dashboardPath={dashboardPath} />
      </div>
    );
  }
  if (start.error instanceof ApiError && start.error.status === 403) {
    const plansUrl =
      (start.error.details as { plansUrl?: string } | undefined)?.plansUrl ??
      "/student/subscriptions";
    return (
      <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
        <Lock className="size-10 justify-self-center text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">Premium Exam</h1>
        <p role="alert">{start.error.message}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to={plansUrl}>View Plans</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={dashboardPath}>Back to Dashboard</Link>
          </Button>
        </div>
      </div>
    );
  }
  if (session && session.questions.length > 0) {
    return (
      <AttemptRunner
        key={session.attempt.id}
        session={session}
        onDone={onDone}
        texts={EXAM_TEXTS}
        exitTo={
          auth.status === "signed-in" && auth.role === "student" ? "/student/exams" : dashboardPath
        }
      />
    );
  }
  if (overview.isPending) return <LoadingState label="Loading exam..." />;
  if (overview.error instanceof ApiError && overview.error.code === "MAINTENANCE") {
    return (
      <p role="alert" className="mx-auto max-w-md px-4 py-16 text-center text-lg font-semibold">
        The site is under maintenance. Please come back to start this exam when it is back.
      </p>
    );
  }
  if (overview.isError || !overview.data || session) {
    return (
      <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
        <p role="alert" className="text-lg font-semibold">
          {EXAM_MESSAGES.examLoadFailed}
        </p>
        <Button asChild variant="outline" className="justify-self-center">
          <Link to={dashboardPath}>Back to Dashboard</Link>
        </Button>
      </div>
    );
  }
  return (
    <ExamStartScreen
      overview={overview.data}
      onStart={() => start.mutate()}
      isStarting={start.isPending}
      dashboardPath={dashboardPath}
    />
  );
}
