import { TextareaField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { contentLang, usePickText } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime, formatNumber } from "@web/lib/format.ts";
import { Star } from "lucide-react";
import { useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { followUpSchema, ratingSchema } from "../../../../shared/evaluation.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { type AnswerCopy, useAskFollowUp, useRateFeedback } from "../api/answer-evaluation.ts";
import { marksOutOf } from "../lib/stages.ts";

type Evaluation = NonNullable<AnswerCopy["evaluation"]>;

/** The rubric: each part's marks out of its maximum, then the total. */
function RubricTable({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  return (
    <Table>
      <caption className="sr-only">{t("Marks for each part of the rubric")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("Part")}</TableHead>
          <TableHead className="text-right">{t("Marks")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {evaluation.rubric.map((part) => (
          <TableRow key={part.name}>
            <TableCell>{t(part.name)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {part.marks === null
                ? t("{{marks}} / {{outOf}}", { marks: "—", outOf: formatNumber(part.max) })
                : marksOutOf(part.marks, part.max)}
            </TableCell>
          </TableRow>
        ))}
        <TableRow className="font-semibold">
          <TableCell>{t("Total")}</TableCell>
          <TableCell className="text-right tabular-nums">
            {marksOutOf(evaluation.marks ?? 0, evaluation.outOf)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

type RatingValues = { rating: string };
const ratingResolver = schemaResolver<RatingValues, typeof ratingSchema>(ratingSchema);

/** "Rate this feedback": 1 to 5, once. */
function RateFeedback({ questionId, copy }: { questionId: string; copy: AnswerCopy }) {
  const { t } = useTranslation();
  const id = useId();
  const rate = useRateFeedback(questionId, copy.id);
  const form = useForm<RatingValues, unknown, { rating: number }>({
    resolver: ratingResolver,
    defaultValues: { rating: "" },
  });
  const chosen = useWatch({ control: form.control, name: "rating" });
  if (copy.rating !== null) {
    return (
      <p className="flex items-center gap-2 text-sm">
        <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
        {t("You rated this feedback {{rating}} out of 5.", { rating: copy.rating })}
      </p>
    );
  }
  const onSubmit = form.handleSubmit((values) => rate.mutate(values.rating));
  return (
    <form onSubmit={onSubmit} className="grid gap-3" noValidate>
      <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
        <legend className="font-medium">{t("Rate this feedback")}</legend>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t("1 is not helpful, 5 is very helpful.")}
        </p>
        <div className="flex flex-wrap gap-1.5">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md border border-border px-2.5 text-base font-semibold has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                value={String(n)}
                className="size-4 accent-[var(--color-primary)]"
                aria-label={t("{{count}} out of 5", { count: n })}
                disabled={rate.isPending}
                {...form.register("rating")}
              />
              <span aria-hidden="true">{n}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {rate.error ? (
        <InlineAlert>
          {errorMessage(rate.error, msg("Your rating could not be saved."))}
        </InlineAlert>
      ) : null}
      <Button
        type="submit"
        variant="outline"
        className="justify-self-start"
        disabled={!chosen || rate.isPending}
      >
        {t("Send rating")}
      </Button>
    </form>
  );
}

type FollowUpValues = { question: string };
const followUpResolver = schemaResolver<FollowUpValues, typeof followUpSchema>(followUpSchema);

/** One follow-up question, and the mentor's answer once there is one. */
function FollowUp({ questionId, copy }: { questionId: string; copy: AnswerCopy }) {
  const { t } = useTranslation();
  const ask = useAskFollowUp(questionId, copy.id);
  const form = useForm<FollowUpValues, unknown, FollowUpValues>({
    resolver: followUpResolver,
    defaultValues: { question: "" },
  });
  const typed = useWatch({ control: form.control, name: "question" });
  if (copy.followUp) {
    const { followUp } = copy;
    return (
      <div className="grid gap-3">
        <h3 className="font-medium">{t("Your follow-up question")}</h3>
        <p
          lang={contentLang(followUp.question)}
          className="whitespace-pre-wrap break-words rounded-md bg-muted/50 p-3 text-sm"
        >
          {followUp.question}
        </p>
        {followUp.answer ? (
          <div className="grid gap-1">
            <h3 className="font-medium">{t("The mentor's answer")}</h3>
            <p
              lang={contentLang(followUp.answer)}
              className="whitespace-pre-wrap break-words rounded-md border border-border p-3 text-sm"
            >
              {followUp.answer}
            </p>
            {followUp.answeredAt ? (
              <p className="text-xs text-muted-foreground">{formatDateTime(followUp.answeredAt)}</p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            {t("Your mentor has not answered yet. The answer will appear here.")}
          </p>
        )}
      </div>
    );
  }
  const onSubmit = form.handleSubmit((values) => ask.mutate(values.question));
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} className="grid gap-3" noValidate>
        <TextareaField
          name="question"
          label={t("Ask a follow-up question")}
          hint={t("You can ask one question about this evaluation.")}
          rows={3}
          maxLength={1000}
          disabled={ask.isPending}
        />
        {ask.error ? (
          <InlineAlert>
            {errorMessage(ask.error, msg("Your question could not be sent."))}
          </InlineAlert>
        ) : null}
        <Button
          type="submit"
          variant="outline"
          className="justify-self-start"
          disabled={!typed.trim() || ask.isPending}
        >
          {ask.isPending ? t("Sending...") : t("Send question")}
        </Button>
      </form>
    </FormProvider>
  );
}

/** The marks: overall, who gave them, each rubric part's, and the mentor's comment. */
export function EvaluationSummary({
  copy,
  evaluation,
}: {
  copy: AnswerCopy;
  evaluation: Evaluation;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section aria-labelledby="evaluation-marks" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="evaluation-marks" className="text-lg font-semibold">
            {t("Your marks")}
          </h2>
          <p className="text-3xl font-bold tabular-nums text-primary">
            <span className="sr-only">{t("Overall")}: </span>
            {marksOutOf(evaluation.marks ?? 0, evaluation.outOf)}
          </p>
        </div>
        {copy.mentorName ? (
          <p className="text-sm text-muted-foreground">
            {t("Evaluated by {{name}}", { name: copy.mentorName })}
          </p>
        ) : null}
        <RubricTable evaluation={evaluation} />
      </section>
      {evaluation.comment ? (
        <section aria-labelledby="mentor-comment" className="grid gap-2">
          <h2 id="mentor-comment" className="text-lg font-semibold">
            {t("Mentor's comment")}
          </h2>
          <p
            lang={contentLang(evaluation.comment)}
            className="whitespace-pre-wrap break-words rounded-lg border border-border bg-background p-4 leading-relaxed"
          >
            {evaluation.comment}
          </p>
        </section>
      ) : null}
    </>
  );
}

/** The model answer or key points, in Hindi where there is one and the interface is Hindi. */
export function ModelAnswer({ copy }: { copy: AnswerCopy }) {
  const { t } = useTranslation();
  const pick = usePickText();
  const model = copy.modelAnswer ? pick(copy.modelAnswer.text, copy.modelAnswer.textHi) : null;
  return (
    <section aria-labelledby="model-answer" className="grid gap-2">
      <h2 id="model-answer" className="text-lg font-semibold">
        {t("Model answer")}
      </h2>
      {model?.text ? (
        <div
          lang={model.lang}
          className="whitespace-pre-wrap break-words rounded-lg border border-border bg-secondary/20 p-4 leading-relaxed"
        >
          {model.text}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t("There is no model answer for this question.")}
        </p>
      )}
    </section>
  );
}

/** The student's word on the evaluation: a rating and one follow-up question. */
export function FeedbackSection({ questionId, copy }: { questionId: string; copy: AnswerCopy }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="your-feedback"
      className="grid gap-4 rounded-lg border border-border p-4"
    >
      <h2 id="your-feedback" className="text-lg font-semibold">
        {t("Your feedback")}
      </h2>
      <RateFeedback questionId={questionId} copy={copy} />
      <FollowUp questionId={questionId} copy={copy} />
    </section>
  );
}
