import { AnswerReview } from "@web/components/exam/answer-review.tsx";
import { Dialog, DialogContent } from "@web/components/ui/dialog.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { useTranslation } from "react-i18next";
import { useAdminAttempt } from "../api/results.ts";
import { ResultStatusBadge } from "./result-status.tsx";

export function AttemptDetailsDialog({
  attemptId,
  onClose,
}: {
  attemptId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const attempt = useAdminAttempt(attemptId);
  return (
    <Dialog open={attemptId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t("Attempt Details")} className="sm:max-w-3xl">
        <QueryContent
          query={attempt}
          error={(error) => (
            <InlineAlert className="text-destructive">
              {t("Error Fetching Attempt Details: {{message}}", {
                message: error ? t(error.message) : "",
              })}
            </InlineAlert>
          )}
        >
          {(data) => (
            <div className="grid gap-4">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">{t("Student")}</dt>
                <dd>{data.student?.fullName ?? "—"}</dd>
                <dt className="text-muted-foreground">{t("Email")}</dt>
                <dd>{data.student?.email ?? "—"}</dd>
                <dt className="text-muted-foreground">{data.quiz ? t("Quiz") : t("Exam")}</dt>
                <dd>{data.exam?.title ?? data.quiz?.title}</dd>
                <dt className="text-muted-foreground">{t("Score")}</dt>
                <dd>{data.attempt.score === null ? "—" : `${data.attempt.score.toFixed(2)}%`}</dd>
                <dt className="text-muted-foreground">{t("Result")}</dt>
                <dd>
                  <ResultStatusBadge
                    completedAt={data.attempt.completedAt}
                    passed={data.attempt.passed}
                  />
                </dd>
              </dl>
              <AnswerReview answers={data.answers} explanationMode="toggle" showOptions />
            </div>
          )}
        </QueryContent>
      </DialogContent>
    </Dialog>
  );
}
