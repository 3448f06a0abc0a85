import { AnswerReview } from "@web/components/exam/answer-review.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Dialog, DialogContent } from "@web/components/ui/dialog.tsx";
import { LoadingState } from "@web/components/ui/states.tsx";
import { useAdminAttempt } from "../api/results.ts";

export function AttemptDetailsDialog({
  attemptId,
  onClose,
}: {
  attemptId: string | null;
  onClose: () => void;
}) {
  const attempt = useAdminAttempt(attemptId);
  const data = attempt.data;
  return (
    <Dialog open={attemptId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Attempt Details" className="sm:max-w-3xl">
        {attempt.isPending ? (
          <LoadingState />
        ) : attempt.isError || !data ? (
          <p role="alert" className="text-destructive">
            Error Fetching Attempt Details: {attempt.error?.message}
          </p>
        ) : (
          <div className="grid gap-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Student</dt>
              <dd>{data.student?.fullName ?? "—"}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd>{data.student?.email ?? "—"}</dd>
              <dt className="text-muted-foreground">{data.quiz ? "Quiz" : "Exam"}</dt>
              <dd>{data.exam?.title ?? data.quiz?.title}</dd>
              <dt className="text-muted-foreground">Score</dt>
              <dd>{data.attempt.score === null ? "—" : `${data.attempt.score.toFixed(2)}%`}</dd>
              <dt className="text-muted-foreground">Result</dt>
              <dd>
                {data.attempt.completedAt === null ? (
                  <Badge variant="outline">In Progress</Badge>
                ) : data.attempt.passed === null ? (
                  <Badge variant="outline">Pending</Badge>
                ) : (
                  <Badge variant={data.attempt.passed ? "success" : "destructive"}>
                    {data.attempt.passed ? "Passed" : "Failed"}
                  </Badge>
                )}
              </dd>
            </dl>
            <AnswerReview answers={data.answers} explanationMode="toggle" showOptions />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
