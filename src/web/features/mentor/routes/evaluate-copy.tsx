import { AnnotationToolbar } from "@web/components/answer-copy/annotation-toolbar.tsx";
import type { AnnotationTool, StrokeColour } from "@web/components/answer-copy/annotation-tools.ts";
import { useAnnotationHistory } from "@web/components/answer-copy/use-annotation-history.ts";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { headerHeightStyle, useHeaderHeight } from "@web/lib/header-height.ts";
import { formatSpan, secondsUntil } from "@web/lib/time-left.ts";
import { notify } from "@web/lib/toast.ts";
import { useLeavePrompt } from "@web/lib/use-leave-prompt.ts";
import { useMemo, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { EVALUATION_MESSAGES, type PageAnnotations } from "../../../../shared/evaluation.ts";
import { type MentorCopy, useMentorCopy, usePublishEvaluation, useSaveDraft } from "../api/copy.ts";
import { useClaimCopy } from "../api/queue.ts";
import { AnswerPages, annotationsFor } from "../components/answer-pages.tsx";
import { TimeLeft } from "../components/copy-facts.tsx";
import { QuestionPanel } from "../components/question-panel.tsx";
import {
  RubricFields,
  type RubricOutput,
  RubricSummary,
  type RubricValues,
  rubricResolver,
  rubricValues,
} from "../components/rubric-form.tsx";

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
  const editable = copy.stage === "in_evaluation";
  const rubric = copy.evaluation?.rubric ?? [];
  const history = useAnnotationHistory<PageAnnotations[]>(annotationsFor(copy));
  const [tool, setTool] = useState<AnnotationTool>("pen");
  const [colour, setColour] = useState<StrokeColour>("red");
  const [confirming, setConfirming] = useState<RubricOutput | null>(null);
  // The sticky toolbar and rubric sit below the header.
  const headerHeight = useHeaderHeight();
  const resolver = useMemo(() => rubricResolver(rubric, t), [rubric, t]);
  const form = useForm<RubricValues, unknown, RubricOutput>({
    resolver,
    defaultValues: rubricValues(copy),
  });
  const saveDraft = useSaveDraft(copy.id);
  const publish = usePublishEvaluation(copy.id);
  const busy = saveDraft.isPending || publish.isPending;
  /** The annotations as last saved (or loaded): anything else is unsaved work. */
  const [savedAnnotations, setSavedAnnotations] = useState(history.value);
  const unsaved =
    editable &&
    !publish.isSuccess &&
    (history.value !== savedAnnotations || form.formState.isDirty);
  useLeavePrompt(() => unsaved);

  const changePage = (index: number, next: PageAnnotations) =>
    history.set((pages) => pages.map((page, i) => (i === index ? next : page)));

  const onSaveDraft = form.handleSubmit(async (output) => {
    try {
      const annotations = history.value;
      await saveDraft.mutateAsync({ annotations, ...output });
      setSavedAnnotations(annotations);
      form.reset(form.getValues());
      notify.success(t("Draft saved"));
    } catch (error) {
      notify.error(t("Error saving the draft"), errorMessage(error));
    }
  });

  const onPublish = form.handleSubmit((output) => {
    const missing = output.partMarks.flatMap((marks, index) => (marks === null ? [index] : []));
    if (missing.length > 0) {
      for (const index of missing) {
        form.setError(`marks.${index}`, {
          type: "required",
          message: t("Give marks for this part."),
        });
      }
      notify.error(t(EVALUATION_MESSAGES.rubricMismatch));
      return;
    }
    setConfirming(output);
  });

  const confirmPublish = async () => {
    if (!confirming) return;
    try {
      await publish.mutateAsync({ annotations: history.value, ...confirming });
      setConfirming(null);
      notify.success(t("Evaluation published"), t("The student has been told by email."));
      navigate("/mentor");
    } catch (error) {
      setConfirming(null);
      notify.error(t("Error publishing the evaluation"), errorMessage(error));
    }
  };

  return (
    <div
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
      style={headerHeightStyle(headerHeight)}
    >
      <div className="grid gap-4">
        <QuestionPanel copy={copy} />
        <ClaimStatus copy={copy} />
        <section className="grid gap-3" aria-label={t("Answer pages")}>
          {editable && copy.pages.length > 0 ? (
            <div className="sticky top-[var(--site-header-height,4rem)] z-20 -mx-4 border-b border-border bg-background/95 px-4 py-2 backdrop-blur">
              <AnnotationToolbar
                tool={tool}
                onToolChange={setTool}
                onUndo={history.undo}
                canUndo={history.canUndo}
                colour={colour}
                onColourChange={setColour}
                disabled={busy}
              />
            </div>
          ) : null}
          <AnswerPages
            copy={copy}
            annotations={history.value}
            tool={editable ? tool : undefined}
            colour={colour}
            onChange={editable ? changePage : undefined}
          />
        </section>
      </div>
      <aside className="lg:sticky lg:top-[calc(var(--site-header-height,4rem)_+_1rem)] lg:max-h-[calc(100dvh_-_var(--site-header-height,4rem)_-_2rem)] lg:overflow-y-auto">
        <Card className="grid gap-4 p-4">
          <h2 className="text-lg font-semibold">{t("Rubric")}</h2>
          {editable ? (
            <FormProvider {...form}>
              <form className="grid gap-4" onSubmit={onSaveDraft} noValidate>
                <RubricFields rubric={rubric} outOf={copy.question.marks} />
                <p role="status" className="text-sm text-muted-foreground">
                  {unsaved ? t("Unsaved changes") : t("All changes saved")}
                </p>
                <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
                  <Button type="submit" variant="outline" disabled={busy}>
                    {saveDraft.isPending ? t("Saving...") : t("Save draft")}
                  </Button>
                  <Button type="button" disabled={busy} onClick={() => void onPublish()}>
                    {t("Publish evaluation")}
                  </Button>
                </div>
              </form>
            </FormProvider>
          ) : copy.evaluation ? (
            <RubricSummary evaluation={copy.evaluation} />
          ) : null}
        </Card>
      </aside>
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
    </div>
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
