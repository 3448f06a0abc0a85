import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { useQuestionLanguage } from "@web/lib/use-question-language.ts";
import { Send } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import { MAINS_TEST_MESSAGES } from "../../../../shared/mains-test-messages.ts";
import { BOOKLET_MESSAGES, bookletDraftSchema } from "../../../../shared/mains-test-schemas.ts";
import {
  type Booklet,
  type BookletDraft,
  useSaveBookletDraft,
  useSubmitBooklet,
} from "../api/mains-booklet.ts";
import { remainingSeconds } from "../lib/clock.ts";
import { BookletPagesPanel } from "./booklet-pages-panel.tsx";
import { choiceMessage, sectionTallies } from "./booklet-rules.ts";
import { PageMap } from "./page-map.tsx";
import type { PaperQuestion } from "./question-paper.tsx";
import { TypedAnswers } from "./typed-answers.tsx";
import { type BookletPage, bookletPageCount, useBookletPages } from "./use-booklet-pages.ts";

type Mode = "pages" | "typed";

/** Whether the deadline (server time) has passed: flips once, when it does. */
function useTimeUp(deadlineAt: string, offsetMs: number) {
  const left = () => remainingSeconds(deadlineAt, offsetMs, Date.now());
  const [up, setUp] = useState(() => left() <= 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: left reads only these inputs
  useEffect(() => {
    if (up) return;
    let timer: ReturnType<typeof setTimeout>;
    // At most a minute at a time: a timer's delay past 2^31 ms would fire at once.
    const check = () => {
      const seconds = left();
      if (seconds <= 0) setUp(true);
      else timer = setTimeout(check, Math.min(seconds * 1000, 60_000));
    };
    check();
    return () => clearTimeout(timer);
  }, [deadlineAt, offsetMs, up]);
  return up;
}

type Values = { mode: Mode; answers: { start: string; typed: string }[] };

/** How long the draft waits after the last change before it is saved. */
const SAVE_AFTER_MS = 1500;

function initialValues(booklet: Booklet, paper: readonly PaperQuestion[]): Values {
  const byQuestion = new Map(booklet.answers.map((a) => [a.testQuestionId, a]));
  return {
    mode: booklet.format === "typed" ? "typed" : "pages",
    answers: paper.map((q) => {
      const answer = byQuestion.get(q.id);
      return {
        start: answer?.startPage ? String(answer.startPage) : "",
        typed: answer?.typedText ?? "",
      };
    }),
  };
}

/** The draft the server takes: the pages in order with their turns and start pages, or typed text. */
function draftOf(values: Values, pages: readonly BookletPage[], paper: readonly PaperQuestion[]) {
  const count = bookletPageCount(pages);
  if (values.mode === "typed") {
    return {
      files: [],
      answers: paper.map((q, i) => ({
        testQuestionId: q.id,
        startPage: null,
        typedText: values.answers[i]?.typed.trim() || null,
      })),
    } satisfies BookletDraft;
  }
  return {
    files: pages.flatMap((p) => (p.fileId ? [{ id: p.fileId, rotation: p.rotation }] : [])),
    answers: paper.map((q, i) => {
      const page = Number(values.answers[i]?.start);
      return {
        testQuestionId: q.id,
        startPage: Number.isInteger(page) && page >= 1 && page <= count ? page : null,
        typedText: null,
      };
    }),
  } satisfies BookletDraft;
}

/**
 * The booklet being written (decision 063): handwritten pages with the page each answer starts
 * on, or typed answers; saved as a draft a moment after each change (a reload finds it), then
 * submitted after a confirmation. The choice rule and the uploads are checked before asking.
 */
export function BookletEditor(props: {
  attemptId: string;
  booklet: Booklet;
  paper: readonly PaperQuestion[];
  sectionChoose: readonly number[] | null;
  deadlineAt: string;
  offsetMs: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [language] = useQuestionLanguage();
  const uploads = useBookletPages(props.attemptId, props.booklet.files);
  const save = useSaveBookletDraft(props.attemptId);
  const submit = useSubmitBooklet(props.attemptId);
  const pagesRef = useRef(uploads.pages);
  pagesRef.current = uploads.pages;
  const resolver = useMemo(
    () =>
      schemaResolver<Values, typeof bookletDraftSchema>(bookletDraftSchema, (values) =>
        draftOf(values, pagesRef.current, props.paper),
      ),
    [props.paper],
  );
  const form = useForm<Values, unknown, BookletDraft>({
    resolver,
    defaultValues: initialValues(props.booklet, props.paper),
  });
  const values = useWatch({ control: form.control }) as Values;
  const [confirming, setConfirming] = useState<BookletDraft | null>(null);
  const pageCount = bookletPageCount(uploads.pages);
  const mode = values.mode ?? "pages";
  const draft = draftOf(values, uploads.pages, props.paper);
  const draftKey = JSON.stringify(draft);
  const saved = useRef<string | null>(null);
  saved.current ??= draftKey;
  const busy = submit.isPending || submit.isSuccess;
  const timeUp = useTimeUp(props.deadlineAt, props.offsetMs);

  // Pages removed: a start past the booklet's end is cleared (the map offers only its pages).
  useEffect(() => {
    for (const [index, answer] of form.getValues("answers").entries()) {
      if (Number(answer.start) > pageCount) form.setValue(`answers.${index}.start`, "");
    }
  }, [pageCount, form]);

  // The draft is saved a moment after the last change (order, turns, the map, typed text).
  useEffect(() => {
    if (busy || draftKey === saved.current) return;
    const timer = setTimeout(() => {
      saved.current = draftKey;
      save.mutate(JSON.parse(draftKey) as BookletDraft);
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [draftKey, busy, save.mutate]);

  const tallies = sectionTallies(
    props.paper.map((q, i) => ({
      section: q.section,
      answered:
        (draft.answers[i]?.startPage ?? null) !== null || Boolean(draft.answers[i]?.typedText),
    })),
    props.sectionChoose,
  );
  const block = (message: string) => form.setError("root", { message });

  const onSubmit = form.handleSubmit((valid) => {
    if (mode === "pages") {
      if (uploads.pages.some((p) => p.state === "uploading"))
        return block(msg("Wait until every page has uploaded."));
      if (uploads.pages.some((p) => p.state === "failed"))
        return block(msg("Retry or remove the pages that did not upload."));
    }
    if (!valid.answers.some((a) => a.startPage !== null || a.typedText))
      return block(BOOKLET_MESSAGES.empty);
    const broken = choiceMessage(tallies);
    if (broken) return block(broken);
    form.clearErrors("root");
    setConfirming(valid);
  });
  const rootError = form.formState.errors.root?.message;

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} className="grid gap-5" aria-labelledby={`${id}-heading`} noValidate>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t("Your booklet")}
        </h2>
        <fieldset className="grid gap-2" disabled={busy}>
          <legend className="mb-1 text-sm font-medium">{t("How will you answer?")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(
              [
                ["pages", msg("Handwritten pages")],
                ["typed", msg("Typed answers")],
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
                  {...form.register("mode", { onChange: () => form.clearErrors("root") })}
                />
                {t(label)}
              </label>
            ))}
          </div>
        </fieldset>

        {mode === "pages" ? (
          <>
            <BookletPagesPanel uploads={uploads} pageCount={pageCount} disabled={busy} />
            <PageMap
              paper={props.paper}
              pageCount={pageCount}
              language={language}
              disabled={busy}
            />
          </>
        ) : (
          <TypedAnswers paper={props.paper} disabled={busy} />
        )}

        {props.sectionChoose ? (
          <ul aria-label={t("Answers by section")} className="grid gap-1 text-sm">
            {tallies.map((s) => (
              <li key={s.section} className={s.answered === s.choose ? "text-success" : undefined}>
                {t("Section {{section}}: {{answered}} of {{choose}} answered", {
                  section: s.section,
                  answered: s.answered,
                  choose: s.choose ?? s.questions,
                })}
              </li>
            ))}
          </ul>
        ) : null}

        <p className="text-sm text-muted-foreground" aria-live="polite">
          {save.isPending
            ? t("Saving your draft...")
            : save.isSuccess && save.data
              ? t("Draft saved at {{time}}.", { time: formatDateTime(save.data.serverNow) })
              : null}
        </p>
        {save.isError ? (
          <InlineAlert>
            {errorMessage(save.error, msg("Your draft could not be saved."))}
          </InlineAlert>
        ) : null}
        {rootError ? <InlineAlert>{t(rootError)}</InlineAlert> : null}
        {timeUp && !submit.isSuccess ? (
          <InlineAlert>{t(MAINS_TEST_MESSAGES.pastDeadline)}</InlineAlert>
        ) : null}
        {submit.isError ? (
          <InlineAlert>
            {errorMessage(submit.error, msg("Your booklet could not be submitted."))}
          </InlineAlert>
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={busy || timeUp}
        >
          <Send aria-hidden="true" />
          {submit.isPending ? t("Submitting...") : t("Submit booklet")}
        </Button>
      </form>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent
          title={t("Submit your booklet?")}
          description={t(
            "After you submit, the booklet cannot change. Mentors mark it answer by answer.",
          )}
        >
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => setConfirming(null)}
              disabled={submit.isPending}
            >
              {t("Keep writing")}
            </Button>
            <Button
              onClick={() => {
                if (confirming) submit.mutate(confirming, { onSettled: () => setConfirming(null) });
              }}
              disabled={submit.isPending}
            >
              {submit.isPending ? t("Submitting...") : t("Submit booklet")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </FormProvider>
  );
}
