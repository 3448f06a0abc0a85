import { TextareaField } from "@web/components/form/fields.tsx";
import { cn } from "@web/lib/cn.ts";
import { useId } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { wordCount } from "../../../../shared/evaluation.ts";
import { BOOKLET_TYPED_MAX_CHARS } from "../../../../shared/mains-test-schemas.ts";
import type { PaperQuestion } from "./question-paper.tsx";

/** One typed answer with its live word count against the question's limit. */
function TypedAnswer(props: { question: PaperQuestion; index: number; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const text = (useWatch({ name: `answers.${props.index}.typed` }) as string | undefined) ?? "";
  const words = wordCount(text);
  const limit = props.question.wordLimit;
  const over = limit !== null && words > limit;
  return (
    <div className="grid gap-1">
      <TextareaField
        name={`answers.${props.index}.typed`}
        id={`${id}-answer`}
        label={t("Answer to question {{number}}", { number: props.question.position })}
        maxLength={BOOKLET_TYPED_MAX_CHARS}
        rows={8}
        disabled={props.disabled}
        aria-describedby={`${id}-words`}
      />
      <p
        id={`${id}-words`}
        className={cn(
          "text-sm tabular-nums",
          over ? "font-medium text-destructive" : "text-muted-foreground",
        )}
      >
        {limit === null
          ? t("{{words}} words", { words })
          : t("{{words}} of {{limit}} words", { words, limit })}
        {over ? ` · ${t("Over the word limit")}` : null}
      </p>
    </div>
  );
}

/** Typed answers, one box a question; leave a box empty for a question not answered. */
export function TypedAnswers(props: { paper: readonly PaperQuestion[]; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {t("Type each answer in its box; leave a box empty for a question you do not answer.")}
      </p>
      {props.paper.map((q, index) => (
        <TypedAnswer key={q.id} question={q} index={index} disabled={props.disabled} />
      ))}
    </div>
  );
}
