import { PageStrip } from "@web/components/answer-copy/page-strip.tsx";
import {
  type PageUploadTarget,
  type StoredFile,
  usePageUploads,
} from "@web/components/answer-copy/use-page-uploads.ts";
import { TextareaField } from "@web/components/form/fields.tsx";
import { RefusalAlert } from "@web/components/form/refusal-alert.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { Camera, FileUp, Send } from "lucide-react";
import { type ChangeEvent, useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  COPY_MAX_PAGES,
  EVALUATION_MESSAGES,
  submitCopySchema,
  TYPED_ANSWER_MAX_CHARS,
  wordCount,
} from "../../../../shared/evaluation.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { deleteCopyFile, uploadCopyFile, useSubmitAnswer } from "../api/answer-evaluation.ts";

type Mode = "pages" | "typed";

const typedAnswerSchema = submitCopySchema.pick({ typedAnswer: true });

const LIMIT_REACHED = "EVALUATION_LIMIT_REACHED";

function limitReached(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const details = error.details as { reason?: unknown } | undefined;
  return details?.reason === LIMIT_REACHED;
}

/** An answer copy's pages: up to 12, or one PDF (the server checks its size). */
const copyTarget = (questionId: string): PageUploadTarget => ({
  upload: (file, onProgress, signal) => uploadCopyFile(questionId, file, onProgress, signal),
  remove: deleteCopyFile,
  maxPages: COPY_MAX_PAGES,
  pdfMaxBytes: null,
  messages: EVALUATION_MESSAGES,
});

/** A file input drawn as a button: the label is what shows; the input takes the focus. */
function FilePicker(props: {
  label: string;
  icon: typeof Camera;
  capture?: boolean;
  multiple?: boolean;
  accept: string;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  variant?: "default" | "outline";
}) {
  const id = useId();
  const Icon = props.icon;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // The same photo can be chosen again (after removing it, say).
    event.currentTarget.value = "";
    props.onFiles(files);
  };
  return (
    <div>
      <input
        id={id}
        type="file"
        className="peer sr-only"
        accept={props.accept}
        multiple={props.multiple}
        {...(props.capture ? { capture: "environment" } : {})}
        disabled={props.disabled}
        onChange={onChange}
      />
      <label
        htmlFor={id}
        className={cn(
          "inline-flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-md px-4 text-sm font-medium peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 sm:w-auto",
          props.variant === "outline"
            ? "border border-border bg-background hover:bg-muted"
            : "bg-primary text-primary-foreground hover:bg-primary/90",
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
        {props.label}
      </label>
    </div>
  );
}

type ComposerValues = { mode: Mode; typedAnswer: string };
type TypedAnswer = { typedAnswer: string };

/** The typed answer as the server reads it (trimmed, within its length); the pages are not fields. */
const typedAnswerResolver = schemaResolver<ComposerValues, typeof typedAnswerSchema>(
  typedAnswerSchema,
  (values) => ({ typedAnswer: values.typedAnswer }),
);

/**
 * The student's answer before it is submitted: handwritten pages (photos from the camera or the
 * gallery, or one PDF), uploaded as they are chosen and put in order, or a typed answer with a
 * live word count; then "Submit for evaluation".
 */
export function AnswerComposer(props: {
  questionId: string;
  wordLimit: number | null;
  /** The draft's files already uploaded (shown again after a reload). */
  stored: readonly StoredFile[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const uploads = usePageUploads(copyTarget(props.questionId), props.stored);
  const submit = useSubmitAnswer(props.questionId);
  const form = useForm<ComposerValues, unknown, TypedAnswer>({
    resolver: typedAnswerResolver,
    defaultValues: { mode: "pages", typedAnswer: "" },
  });
  const [mode, typed] = useWatch({ control: form.control, name: ["mode", "typedAnswer"] });
  // What stops the answer being sent (the uploads, or nothing typed): said above the button.
  const blocked = form.formState.errors.root?.message;
  const block = (message: string) => form.setError("root", { message });

  const { pages } = uploads;
  const uploading = pages.some((p) => p.state === "uploading");
  const failed = pages.some((p) => p.state === "failed");
  const words = wordCount(typed);
  const overLimit = props.wordLimit !== null && words > props.wordLimit;
  const busy = submit.isPending;

  const onSubmit = form.handleSubmit((answer) => {
    if (mode === "pages") {
      if (uploading) return block(msg("Wait until every page has uploaded."));
      if (failed) return block(msg("Retry or remove the pages that did not upload."));
      if (pages.length === 0) return block(msg("Add at least one page before submitting."));
      submit.mutate({
        pages: pages.flatMap((p) => (p.fileId ? [{ id: p.fileId, rotation: p.rotation }] : [])),
        typedAnswer: "",
      });
      return;
    }
    if (!answer.typedAnswer) return block(msg("Type your answer before submitting."));
    submit.mutate({ pages: [], typedAnswer: typed });
  });

  const pdf = pages.find((p) => p.isPdf);
  const error = submit.error;

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} className="grid gap-4" aria-labelledby={`${id}-heading`} noValidate>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t("Your answer")}
        </h2>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t("How will you answer?")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(
              [
                ["pages", msg("Handwritten pages")],
                ["typed", msg("Typed answer")],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  value={value}
                  className="size-4 shrink-0 accent-[var(--color-primary)]"
                  disabled={busy}
                  {...form.register("mode", { onChange: () => form.clearErrors("root") })}
                />
                {t(label)}
              </label>
            ))}
          </div>
        </fieldset>

        {mode === "pages" ? (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              {t(
                "Photograph each page in good light, or upload one PDF (at most 20 MB and 12 pages). Up to {{pages}} pages.",
                { pages: COPY_MAX_PAGES },
              )}
            </p>
            <div className="grid gap-2 sm:flex sm:flex-wrap">
              <FilePicker
                label={t("Take a photo")}
                icon={Camera}
                accept="image/*"
                capture
                disabled={busy}
                onFiles={uploads.add}
              />
              <FilePicker
                label={t("Upload photos or a PDF")}
                icon={FileUp}
                accept="image/*,application/pdf"
                multiple
                disabled={busy}
                onFiles={uploads.add}
                variant="outline"
              />
            </div>
            {uploads.notice ? <InlineAlert>{t(uploads.notice)}</InlineAlert> : null}
            {pages.length > 0 ? (
              <>
                <PageStrip
                  pages={pages}
                  onMove={uploads.move}
                  onRotate={uploads.rotate}
                  onRemove={uploads.remove}
                  onRetry={uploads.retry}
                  disabled={busy}
                />
                {pdf?.pdfPages ? (
                  <p className="text-sm text-muted-foreground">
                    {t("The PDF has {{pages}} pages.", { pages: pdf.pdfPages })}
                  </p>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-muted-foreground">{t("No pages added yet.")}</p>
            )}
          </div>
        ) : (
          <div className="grid gap-2">
            <TextareaField
              name="typedAnswer"
              id={`${id}-typed`}
              label={t("Type your answer")}
              maxLength={TYPED_ANSWER_MAX_CHARS}
              rows={12}
              disabled={busy}
              aria-describedby={`${id}-words`}
              className="min-h-64"
            />
            <p
              id={`${id}-words`}
              className={cn(
                "text-sm tabular-nums",
                overLimit ? "font-medium text-destructive" : "text-muted-foreground",
              )}
            >
              {props.wordLimit === null
                ? t("{{words}} words", { words })
                : t("{{words}} of {{limit}} words", { words, limit: props.wordLimit })}
              {overLimit ? ` · ${t("Over the word limit")}` : null}
            </p>
            {pages.length > 0 ? (
              <p className="text-sm text-muted-foreground">
                {t("The pages you uploaded are discarded when you submit a typed answer.")}
              </p>
            ) : null}
          </div>
        )}

        {blocked ? <InlineAlert>{t(blocked)}</InlineAlert> : null}
        {error ? (
          <RefusalAlert
            message={errorMessage(error, msg("Your answer could not be submitted."))}
            offerPlans={limitReached(error)}
          />
        ) : null}

        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={busy}
        >
          <Send aria-hidden="true" />
          {busy ? t("Submitting...") : t("Submit for evaluation")}
        </Button>
      </form>
    </FormProvider>
  );
}
