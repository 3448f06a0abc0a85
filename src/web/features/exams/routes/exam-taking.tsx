import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { LoadingState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { dashboardPathFor, useAuth } from "@web/lib/auth.ts";
import { notify } from "@web/lib/toast.ts";
import { Lock } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { EXAM_MESSAGES } from "../../../../shared/exams.ts";
import { type AttemptReview, startAttempt } from "../api/attempts.ts";
import { AttemptRunner, type RunnerTexts } from "../components/attempt-runner.tsx";
import { ExamSummary } from "../components/exam-summary.tsx";

const EXAM_TEXTS: RunnerTexts = { noun: "Exam" };

export function ExamTakingPage() {
  const { examId = "" } = useParams();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [review, setReview] = useState<AttemptReview | null>(null);
  // Starting is idempotent on the server (it resumes the open attempt), so a retry is safe.
  const session = useQuery({
    queryKey: ["exam-session", examId],
    queryFn: () => startAttempt(examId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
  });
  const dashboardPath = auth.status === "signed-in" ? dashboardPathFor(auth.role) : "/";
  const finalizedAttemptId = session.data?.finalizedAttemptId;
  useEffect(() => {
    if (finalizedAttemptId) {
      notify.info(
        "Previous Attempt Submitted",
        "Your earlier attempt ran out of time and was graded. You can see it in My Results.",
      );
    }
  }, [finalizedAttemptId]);
  useEffect(() => {
    const error = session.error;
    if (error instanceof ApiError && error.status !== 404 && error.status !== 403)
      notify.error("Error Fetching Exam Data", error.message);
  }, [session.error]);
  const onDone = useMemo(
    () => (result: AttemptReview) => {
      notify.success("Exam Submitted", `Your score: ${Math.round(result.attempt.score ?? 0)}%`);
      setReview(result);
      void queryClient.invalidateQueries({ queryKey: ["results"] });
      void queryClient.invalidateQueries({ queryKey: ["exams"] });
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
  if (session.isPending) return <LoadingState label="Loading exam..." />;
  const refusal = session.error instanceof ApiError && session.error.status === 403;
  if (refusal && session.error instanceof ApiError) {
    const plansUrl =
      (session.error.details as { plansUrl?: string } | undefined)?.plansUrl ??
      "/student/subscriptions";
    return (
      <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
        <Lock className="size-10 justify-self-center text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">Premium Exam</h1>
        <p role="alert">{session.error.message}</p>
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
  if (session.isError || !session.data || session.data.questions.length === 0) {
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
    <AttemptRunner
      key={session.data.attempt.id}
      session={session.data}
      onDone={onDone}
      texts={EXAM_TEXTS}
    />
  );
}
