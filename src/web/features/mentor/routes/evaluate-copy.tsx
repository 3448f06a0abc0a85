import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { formatSpan, secondsUntil } from "@web/lib/time-left.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { EVALUATION_MESSAGES } from "../../../../shared/evaluation.ts";
import { type MentorCopy, useMentorCopy, usePublishEvaluation, useSaveDraft } from "../api/copy.ts";
import { useClaimCopy } from "../api/queue.ts";
import { AnswerPages, annotationsFor } from "../components/answer-pages.tsx";
import { TimeLeft } from "../components/copy-facts.tsx";
import {
  MarkingDeskLayout,
  RubricDraftForm,
  useMarkingDraft,
} from "../components/marking-desk.tsx";
import { QuestionPanel } from "../components/question-panel.tsx";
import { type RubricOutput, RubricSummary } from "../components/rubric-form.tsx";

/** Due date, and the claim's expiry while it holds (or that it lapsed, with "Claim again"). */
function ClaimStatus({ copy }: { copy: MentorCopy }) {
  const { t } = useTranslation();
  const claim = useClaimCopy();
  const expiresIn = secondsUntil(copy.claim?.expiresAt);
  return (
    <Card className="grid gap-1 p-4 text-sm" aria-label={t("Claim and due date")} role="group">
      {copy.timeline.dueAt && copy.stage !== "evaluated" ? (
        <p>
          {t("Due {{date}}", { date: formatDateTime(copy.timeline.dueAt) })} ·{" "}
          <TimeLeft secondsLeft={secondsUntil(copy.timeline.dueAt)} />
        </p>
      ) : null}
      {copy.stage === "in_evaluation" && expiresIn !== null ? (
        <p>
          {t("Your claim expires {{date}} (in {{time}}).", {
            date: formatDateTime(copy.claim?.expiresAt),
            time: formatSpan(expiresIn),
          })}
        </p>
      ) : null}
      {copy.stage === "evaluated" ? (
        <p>{t("Evaluated {{date}}", { date: formatDateTime(copy.timeline.evaluatedAt) })}</p>
      ) : null}
      {copy.stage === "submitted" ? (
        <InlineAlert as="div" className="grid gap-2">
          <p className="font-medium text-destructive">{t(EVALUATION_MESSAGES.claimExpired)}</p>
          <Button
            type="button"
            size="sm"
            className="justify-self-start"
            disabled={claim.isPending}
            onClick={() =>
              claim.mutate(copy.id, {
                onError: (error) => notify.error(t("Error claiming the copy"), errorMessage(error)),
              })
            }
          >
            {t("Claim again")}
          </Button>
        </InlineAlert>
      ) : null}
    </Card>
  );
}

/**
 * The workspace for one copy: the pages with the annotation tools (one undo history for the whole
 * copy, one entry per page), the rubric with its live total and the overall comment; "Save draft"
 * keeps it all on the server, "Publish evaluation" (confirmed) sends it to the student.
 */
function EvaluationWorkspace({ copy }: { copy: MentorCopy }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saveDraft = useSaveDraft(copy.id);
  const publish = usePublishEvaluation(copy.id);
  const editable = copy.stage === "in_evaluation";
  const rubric = copy.evaluation?.rubric ?? [];
  const draft = useMarkingDraft({
    annotations: annotationsFor(copy),
    rubric,
    comment: copy.evaluation?.comment ?? "",
    editable: editable && !publish.isSuccess,
  });
  const [confirming, setConfirming] = useState<RubricOutput | null>(null);
  const busy = saveDraft.isPending || publish.isPending;

  const onSaveDraft = async (output: RubricOutput) => {
    try {
      const annotations = draft.history.value;
      await saveDraft.mutateAsync({ annotations, ...output });
      draft.markSaved(annotations);
      notify.success(t("Draft saved"));
    } catch (error) {
      notify.error(t("Error saving the draft"), errorMessage(error));
    }
  };

  const onPublish = draft.form.handleSubmit((output) => {
    if (draft.everyPartScored(output)) setConfirming(output);
  });

  const confirmPublish = async () => {
    if (!confirming) return;
    try {
      await publish.mutateAsync({ annotations: draft.history.value, ...confirming });
      setConfirming(null);
      notify.success(t("Evaluation published"), t("The student has been told by email."));
      navigate("/mentor");
    } catch (error) {
      setConfirming(null);
      notify.error(t("Error publishing the evaluation"), errorMessage(error));
    }
  };

  return (
    <MarkingDeskLayout
      draft={draft}
      editing={editable && copy.pages.length > 0}
      busy={busy}
      top={
        <>
          <QuestionPanel copy={copy} />
          <ClaimStatus copy={copy} />
        </>
      }
      pages={
        <AnswerPages
          copy={copy}
          annotations={draft.history.value}
          tool={editable ? draft.tool : undefined}
          colour={draft.colour}
          onChange={editable ? draft.changePage : undefined}
        />
      }
      rubric={
        editable ? (
          <RubricDraftForm
            draft={draft}
            rubric={rubric}
            outOf={copy.question.marks}
            saving={saveDraft.isPending}
            busy={busy}
            onSaveDraft={onSaveDraft}
          >
            <Button type="button" disabled={busy} onClick={() => void onPublish()}>
              {t("Publish evaluation")}
            </Button>
          </RubricDraftForm>
        ) : copy.evaluation ? (
          <RubricSummary evaluation={copy.evaluation} />
        ) : null
      }
    >
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !publish.isPending) setConfirming(null);
        }}
        title={t("Publish evaluation")}
        description={t(
          "The student sees the marks, the comments and the annotations, and gets an email. You cannot change them afterwards.",
        )}
        confirmLabel={t("Publish")}
        pendingLabel={t("Publishing...")}
        isPending={publish.isPending}
        onConfirm={() => void confirmPublish()}
      />
    </MarkingDeskLayout>
  );
}

/** /mentor/copies/:copyId (decision 042): evaluate one claimed copy, or read one evaluated. */
export function EvaluateCopyPage() {
  const { t } = useTranslation();
  const { copyId = "" } = useParams();
  const copy = useMentorCopy(copyId);
  return (
    <div className="mx-auto grid max-w-7xl gap-5 px-4 py-6">
      <PageHeader
        title={t("Evaluate Answer")}
        backTo="/mentor"
        backLabel={t("Back to Evaluations")}
      />
      <QueryContent
        query={copy}
        loadingLabel={t("Loading the copy...")}
        errorTitle={t("Error loading the copy")}
      >
        {(data) => <EvaluationWorkspace key={data.id} copy={data} />}
      </QueryContent>
    </div>
  );
}
