import { FieldMessage } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Textarea } from "@web/components/ui/textarea.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { formatNumber } from "@web/lib/format.ts";
import type { TFunction } from "i18next";
import { useId } from "react";
import {
  type FieldErrors,
  type Resolver,
  type ResolverResult,
  useFormContext,
  useWatch,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { evaluationDraftSchema } from "../../../../shared/evaluation.ts";
import type { MentorCopy } from "../api/copy.ts";

export type RubricPartView = NonNullable<MentorCopy["evaluation"]>["rubric"][number];

/** The rubric form as typed: each part's marks as text ("" not scored yet), and the comment. */
export type RubricValues = { marks: string[]; comment: string };
/** What it gives: each part's marks (null: not scored) and the comment, as the draft takes them. */
export type RubricOutput = { partMarks: (number | null)[]; comment: string };

/** A part's marks as typed: blank is null; a number must be 0 to its maximum, in half marks. */
function partMarksOf(raw: string | undefined, max: number): number | null | "invalid" {
  const value = (raw ?? "").trim();
  if (value === "") return null;
  const marks = Number(value);
  if (!Number.isFinite(marks) || marks < 0 || marks > max || !Number.isInteger(marks * 2)) {
    return "invalid";
  }
  return marks;
}

/**
 * Checks each part against its maximum (its message under its field) and the whole against the
 * shared draft schema. Blank parts pass: a draft may be partly scored; publishing checks that
 * every part is scored.
 */
export function rubricResolver(
  rubric: RubricPartView[],
  t: TFunction,
): Resolver<RubricValues, unknown, RubricOutput> {
  return async (values): Promise<ResolverResult<RubricValues, RubricOutput>> => {
    const partErrors: ({ type: string; message: string } | undefined)[] = [];
    const partMarks = rubric.map((part, index) => {
      const marks = partMarksOf(values.marks[index], part.max);
      if (marks === "invalid") {
        partErrors[index] = {
          type: "range",
          message: t("Enter 0 to {{max}} marks, in steps of half a mark.", { max: part.max }),
        };
        return null;
      }
      return marks;
    });
    const parsed = evaluationDraftSchema.safeParse({ partMarks, comment: values.comment });
    const errors: FieldErrors<RubricValues> = {};
    if (partErrors.length > 0) errors.marks = partErrors as FieldErrors<RubricValues>["marks"];
    if (!parsed.success) {
      errors.comment = { type: "schema", message: parsed.error.issues[0]?.message ?? "" };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: { partMarks, comment: parsed.data?.comment ?? "" }, errors: {} };
  };
}

/** The sum of the parts scored so far (invalid entries count nothing). */
export function rubricTotal(rubric: RubricPartView[], marks: string[]): number {
  return rubric.reduce((sum, part, index) => {
    const value = partMarksOf(marks[index], part.max);
    return typeof value === "number" ? sum + value : sum;
  }, 0);
}

function PartField({ part, index }: { part: RubricPartView; index: number }) {
  const { t } = useTranslation();
  const id = useId();
  const { register, formState } = useFormContext<RubricValues>();
  const error = formState.errors.marks?.[index]?.message;
  const ofId = `${id}-of`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t(part.name)}</Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          step={0.5}
          min={0}
          max={part.max}
          className="w-24"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ofId} ${id}-error` : ofId}
          {...register(`marks.${index}`)}
        />
        <span id={ofId} className="text-sm text-muted-foreground">
          {t("of {{max}}", { max: formatNumber(part.max) })}
        </span>
      </div>
      <FieldMessage id={id} error={error} />
    </div>
  );
}

/** The live total of the parts scored, out of the question's marks. */
function RubricTotal(props: { rubric: RubricPartView[]; outOf: number }) {
  const { t } = useTranslation();
  const marks = useWatch<RubricValues, "marks">({ name: "marks" }) ?? [];
  const total = rubricTotal(props.rubric, marks);
  const labelId = useId();
  return (
    <p className="flex items-baseline justify-between gap-2 border-t border-border pt-3">
      <span id={labelId} className="font-medium">
        {t("Total")}
      </span>
      <output
        aria-labelledby={labelId}
        aria-live="polite"
        className="text-xl font-bold tabular-nums"
      >
        {t("{{marks}} / {{outOf}}", {
          marks: formatNumber(total),
          outOf: formatNumber(props.outOf),
        })}
      </output>
    </p>
  );
}

/** The rubric's fields (inside the page's form): marks per part, the live total, the comment. */
export function RubricFields(props: { rubric: RubricPartView[]; outOf: number }) {
  const { t } = useTranslation();
  const id = useId();
  const { register, formState } = useFormContext<RubricValues>();
  const commentError = formState.errors.comment?.message;
  return (
    <div className="grid gap-4">
      <div className="grid gap-3">
        {props.rubric.map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a claimed copy's rubric never reorders.
          <PartField key={`${part.name}#${index}`} part={part} index={index} />
        ))}
      </div>
      <RubricTotal rubric={props.rubric} outOf={props.outOf} />
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{t("Overall comment")}</Label>
        <Textarea
          id={id}
          rows={5}
          maxLength={5000}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${id}-error` : undefined}
          {...register("comment")}
        />
        <FieldMessage id={id} error={commentError} />
      </div>
    </div>
  );
}

/** An evaluated copy's rubric, as published. */
export function RubricSummary(props: { evaluation: NonNullable<MentorCopy["evaluation"]> }) {
  const { t } = useTranslation();
  const { evaluation } = props;
  return (
    <div className="grid gap-3">
      <dl className="grid gap-2">
        {evaluation.rubric.map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a published rubric never reorders.
          <div key={`${part.name}#${index}`} className="flex justify-between gap-2 text-sm">
            <dt>{t(part.name)}</dt>
            <dd className="tabular-nums">
              {t("{{marks}} / {{outOf}}", {
                marks: part.marks === null ? "—" : formatNumber(part.marks),
                outOf: formatNumber(part.max),
              })}
            </dd>
          </div>
        ))}
      </dl>
      <p className="flex items-baseline justify-between gap-2 border-t border-border pt-3">
        <span className="font-medium">{t("Total")}</span>
        <span className="text-xl font-bold tabular-nums">
          {t("{{marks}} / {{outOf}}", {
            marks: formatNumber(evaluation.marks ?? 0),
            outOf: formatNumber(evaluation.outOf),
          })}
        </span>
      </p>
      {evaluation.comment ? (
        <div className="grid gap-1">
          <h3 className="text-sm font-medium">{t("Overall comment")}</h3>
          <p lang={contentLang(evaluation.comment)} className="whitespace-pre-wrap text-sm">
            {evaluation.comment}
          </p>
        </div>
      ) : null}
    </div>
  );
}
