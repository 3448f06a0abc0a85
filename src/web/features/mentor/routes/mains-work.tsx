import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import {
  type MainsMark,
  useMainsMark,
  useReleaseMark,
  useSaveMarkDraft,
  useSubmitMark,
} from "../api/mains-mark.ts";
import { bookletAnnotations, MainsAnswerPages } from "../components/mains-answer-pages.tsx";
import { MainsMarkSteps } from "../components/mains-mark-steps.tsx";
import { MainsPageMap } from "../components/mains-page-map.tsx";
import { MainsQuestionCard } from "../components/mains-question-card.tsx";
import {
  MarkingDeskLayout,
  RubricDraftForm,
  useMarkingDraft,
} from "../components/marking-desk.tsx";
import { type RubricOutput, RubricSummary } from "../components/rubric-form.tsx";

const markPath = (markId: string) => `/mentor/mains/marks/${markId}`;

/** The answer to go to after this one: the next not yet marked, else an earlier one. */
function nextToMark(mark: MainsMark): string | null {
  const index = mark.siblings.findIndex((s) => s.id === mark.id);
  const open = (s: MainsMark["siblings"][number]) => !s.marked && s.id !== mark.id;
  return (mark.siblings.slice(index + 1).find(open) ?? mark.siblings.find(open))?.id ?? null;
}

/**
 * The marking desk for one answer: the pages of its range with the annotation tools (one undo
 * history for the booklet), the steps through the booklet's (or the question's) answers, the
 * page map, and the rubric with "Save draft", "Submit marks" and "Give back". Leaving for another
 * answer saves the draft first.
 */
function MarkingDesk({ mark }: { mark: MainsMark }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveMarkDraft(mark.id);
  const submit = useSubmitMark(mark.id);
  const release = useReleaseMark(mark.id);
  const editable = mark.status === "claimed";
  const byBooklet = mark.round === "first" && mark.test.evaluationMode === "booklet";
  const draft = useMarkingDraft({
    annotations: bookletAnnotations(mark),
    rubric: mark.rubric,
    comment: mark.comment,
    editable: editable && !submit.isSuccess,
  });
  const [confirming, setConfirming] = useState<RubricOutput | null>(null);
  const [releasing, setReleasing] = useState(false);
  const busy = save.isPending || submit.isPending || release.isPending;

  const saveDraft = async (output: RubricOutput) => {
    const annotations = draft.history.value;
    await save.mutateAsync({ annotations, ...output });
    draft.markSaved(annotations);
  };

  const onSaveDraft = async (output: RubricOutput) => {
    try {
      await saveDraft(output);
      notify.success(t("Draft saved"));
    } catch (error) {
      notify.error(t("Error saving the draft"), errorMessage(error));
    }
  };

  const goTo = (markId: string) => {
    if (!draft.unsaved) return navigate(markPath(markId));
    void draft.form.handleSubmit(async (output) => {
      try {
        await saveDraft(output);
        navigate(markPath(markId));
      } catch (error) {
        notify.error(t("Error saving the draft"), errorMessage(error));
      }
    })();
  };

  const onSubmitMarks = draft.form.handleSubmit((output) => {
    if (draft.everyPartScored(output)) setConfirming(output);
  });

  const confirmSubmit = async () => {
    if (!confirming) return;
    try {
      await submit.mutateAsync({ annotations: draft.history.value, ...confirming });
      setConfirming(null);
      notify.success(t("Marks submitted"));
      const next = nextToMark(mark);
      navigate(next ? markPath(next) : "/mentor/mains");
    } catch (error) {
      setConfirming(null);
      notify.error(t("Error submitting the marks"), errorMessage(error));
    }
  };

  const confirmRelease = async () => {
    try {
      await release.mutateAsync();
      notify.success(t("Given back to the queue"));
      navigate("/mentor/mains");
    } catch (error) {
      setReleasing(false);
      notify.error(t("Error giving the work back"), errorMessage(error));
    }
  };

  const giveBack = byBooklet ? t("Give the booklet back") : t("Give this answer back");
  return (
    <MarkingDeskLayout
      draft={draft}
      editing={editable && mark.booklet.pages.length > 0}
      busy={busy}
      top={
        <>
          <MainsQuestionCard mark={mark} />
          <MainsMarkSteps mark={mark} byBooklet={byBooklet} disabled={busy} onGo={goTo} />
        </>
      }
      pages={
        <MainsAnswerPages
          mark={mark}
          annotations={draft.history.value}
          tool={editable ? draft.tool : undefined}
          colour={draft.colour}
          onChange={editable ? draft.changePage : undefined}
        />
      }
      below={editable && mark.booklet.pages.length > 0 ? <MainsPageMap mark={mark} /> : null}
      rubric={
        editable ? (
          <RubricDraftForm
            draft={draft}
            rubric={mark.rubric}
            outOf={mark.outOf}
            saving={save.isPending}
            busy={busy}
            onSaveDraft={onSaveDraft}
          >
            <Button type="button" disabled={busy} onClick={() => void onSubmitMarks()}>
              {t("Submit marks")}
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() => setReleasing(true)}
            >
              {giveBack}
            </Button>
          </RubricDraftForm>
        ) : (
          <RubricSummary evaluation={mark} />
        )
      }
    >
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !submit.isPending) setConfirming(null);
        }}
        title={t("Submit marks")}
        description={t("You cannot change the marks, comments or annotations afterwards.")}
        confirmLabel={t("Submit")}
        pendingLabel={t("Submitting...")}
        isPending={submit.isPending}
        onConfirm={() => void confirmSubmit()}
      />
      <ConfirmDialog
        open={releasing}
        onOpenChange={(open) => {
          if (!release.isPending) setReleasing(open);
        }}
        title={giveBack}
        description={
          byBooklet
            ? t(
                "The booklet's answers you have not submitted go back to the queue, and their drafts are deleted.",
              )
            : t("The answer goes back to the queue, and your draft is deleted.")
        }
        confirmLabel={t("Give back")}
        pendingLabel={t("Giving back...")}
        isPending={release.isPending}
        onConfirm={() => void confirmRelease()}
      />
    </MarkingDeskLayout>
  );
}

/** /mentor/mains/marks/:markId (decision 063): mark one answer of a Mains test booklet. */
export function MainsWorkPage() {
  const { t } = useTranslation();
  const { markId = "" } = useParams();
  const mark = useMainsMark(markId);
  return (
    <div className="mx-auto grid max-w-7xl gap-5 px-4 py-6">
      <PageHeader
        title={t("Mark answer")}
        backTo="/mentor/mains"
        backLabel={t("Back to Mains tests")}
      />
      <QueryContent
        query={mark}
        loadingLabel={t("Loading the answer...")}
        errorTitle={t("Error loading the answer")}
      >
        {(data) => <MarkingDesk key={data.id} mark={data} />}
      </QueryContent>
    </div>
  );
}
