import { AnnotationToolbar } from "@web/components/answer-copy/annotation-toolbar.tsx";
import type { AnnotationTool, StrokeColour } from "@web/components/answer-copy/annotation-tools.ts";
import { useAnnotationHistory } from "@web/components/answer-copy/use-annotation-history.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { headerHeightStyle, useHeaderHeight } from "@web/lib/header-height.ts";
import { notify } from "@web/lib/toast.ts";
import { useLeavePrompt } from "@web/lib/use-leave-prompt.ts";
import { type ReactNode, useMemo, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { EVALUATION_MESSAGES, type PageAnnotations } from "../../../../shared/evaluation.ts";
import {
  RubricFields,
  type RubricOutput,
  type RubricPartView,
  type RubricValues,
  rubricResolver,
} from "./rubric-form.tsx";

/**
 * What a mentor marks with, on an answer copy (decision 042) as on a Mains test booklet
 * (decision 063): the annotations per page with one undo history, the tool in hand, and the
 * rubric form; what is unsaved (the browser asks before leaving it).
 */
export function useMarkingDraft(options: {
  annotations: PageAnnotations[];
  rubric: RubricPartView[];
  comment: string;
  /** The mentor may still change it (holds the claim, has not sent it). */
  editable: boolean;
}) {
  const { t } = useTranslation();
  const history = useAnnotationHistory<PageAnnotations[]>(options.annotations);
  const [tool, setTool] = useState<AnnotationTool>("pen");
  const [colour, setColour] = useState<StrokeColour>("red");
  const resolver = useMemo(() => rubricResolver(options.rubric, t), [options.rubric, t]);
  const form = useForm<RubricValues, unknown, RubricOutput>({
    resolver,
    defaultValues: {
      marks: options.rubric.map((part) => (part.marks === null ? "" : String(part.marks))),
      comment: options.comment,
    },
  });
  /** The annotations as last saved (or loaded): anything else is unsaved work. */
  const [savedAnnotations, setSavedAnnotations] = useState(history.value);
  const unsaved =
    options.editable && (history.value !== savedAnnotations || form.formState.isDirty);
  useLeavePrompt(() => unsaved);

  return {
    history,
    tool,
    setTool,
    colour,
    setColour,
    form,
    unsaved,
    changePage: (index: number, next: PageAnnotations) =>
      history.set((pages) => pages.map((page, i) => (i === index ? next : page))),
    /** After a save: what was sent is what is stored. */
    markSaved: (annotations: PageAnnotations[]) => {
      setSavedAnnotations(annotations);
      form.reset(form.getValues());
    },
    /** Every part scored, or each blank one says so under its field (and a toast): false. */
    everyPartScored: (output: RubricOutput) => {
      const missing = output.partMarks.flatMap((marks, index) => (marks === null ? [index] : []));
      for (const index of missing) {
        form.setError(`marks.${index}`, {
          type: "required",
          message: t("Give marks for this part."),
        });
      }
      if (missing.length > 0) notify.error(t(EVALUATION_MESSAGES.rubricMismatch));
      return missing.length === 0;
    },
  };
}

export type MarkingDraft = ReturnType<typeof useMarkingDraft>;

/**
 * The desk's layout: the answer's pages (with the annotation toolbar stuck below the header while
 * editing) under what the page puts first, and the rubric beside them on a wide screen (below on
 * a phone), its own scroll when taller than the screen.
 */
export function MarkingDeskLayout(props: {
  draft: MarkingDraft;
  /** Editing: the toolbar shows (disabled while a request runs). */
  editing: boolean;
  busy: boolean;
  top: ReactNode;
  pages: ReactNode;
  below?: ReactNode;
  rubric: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { draft } = props;
  // The sticky toolbar and rubric sit below the header.
  const headerHeight = useHeaderHeight();
  return (
    <div
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
      style={headerHeightStyle(headerHeight)}
    >
      <div className="grid gap-4">
        {props.top}
        <section className="grid gap-3" aria-label={t("Answer pages")}>
          {props.editing ? (
            <div className="sticky top-[var(--site-header-height,4rem)] z-20 -mx-4 border-b border-border bg-background/95 px-4 py-2 backdrop-blur">
              <AnnotationToolbar
                tool={draft.tool}
                onToolChange={draft.setTool}
                onUndo={draft.history.undo}
                canUndo={draft.history.canUndo}
                colour={draft.colour}
                onColourChange={draft.setColour}
                disabled={props.busy}
              />
            </div>
          ) : null}
          {props.pages}
        </section>
        {props.below}
      </div>
      <aside className="lg:sticky lg:top-[calc(var(--site-header-height,4rem)_+_1rem)] lg:max-h-[calc(100dvh_-_var(--site-header-height,4rem)_-_2rem)] lg:overflow-y-auto">
        <Card className="grid gap-4 p-4">
          <h2 className="text-lg font-semibold">{t("Rubric")}</h2>
          {props.rubric}
        </Card>
      </aside>
      {props.children}
    </div>
  );
}

/**
 * The rubric form: each part's marks, the live total, the comment, whether all is saved, "Save
 * draft" (the form's submit) and the page's own actions after it.
 */
export function RubricDraftForm(props: {
  draft: MarkingDraft;
  rubric: RubricPartView[];
  outOf: number;
  saving: boolean;
  busy: boolean;
  onSaveDraft: (output: RubricOutput) => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { form, unsaved } = props.draft;
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={form.handleSubmit(props.onSaveDraft)} noValidate>
        <RubricFields rubric={props.rubric} outOf={props.outOf} />
        <p role="status" className="text-sm text-muted-foreground">
          {unsaved ? t("Unsaved changes") : t("All changes saved")}
        </p>
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
          <Button type="submit" variant="outline" disabled={props.busy}>
            {props.saving ? t("Saving...") : t("Save draft")}
          </Button>
          {props.children}
        </div>
      </form>
    </FormProvider>
  );
}
