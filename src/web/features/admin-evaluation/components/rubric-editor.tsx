import { NumberField, TextField } from "@web/components/form/fields.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { FormProvider, useFieldArray, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  MAINS_PAPER_LABELS,
  MAINS_PAPERS,
  type MainsPaper,
  type RubricPart,
  rubricSchema,
} from "../../../../shared/evaluation.ts";
import { type EvaluationConfig, useSaveRubric } from "../api/evaluations.ts";

type RubricValues = { parts: { name: string; weight: string }[] };
const rubricFormSchema = z.object({ parts: rubricSchema });
const resolver = schemaResolver<RubricValues, typeof rubricFormSchema>(
  rubricFormSchema,
  (values) => ({
    parts: values.parts.map((part) => ({ name: part.name, weight: numberOf(part.weight) })),
  }),
);
const MAX_PARTS = 12;

function RubricForm(props: { paper: MainsPaper; parts: RubricPart[] }) {
  const { t } = useTranslation();
  const save = useSaveRubric();
  const form = useForm<RubricValues, unknown, { parts: RubricPart[] }>({
    resolver,
    defaultValues: {
      parts: props.parts.map((part) => ({ name: part.name, weight: String(part.weight) })),
    },
  });
  const rows = useFieldArray({ control: form.control, name: "parts" });
  const watched = useWatch({ control: form.control, name: "parts" }) ?? [];
  const sum = watched.reduce((total, part) => {
    const weight = Number(part?.weight);
    return Number.isFinite(weight) ? total + weight : total;
  }, 0);
  const error = (form.formState.errors.parts as { message?: string } | undefined)?.message;
  const onSubmit = form.handleSubmit(async ({ parts }) => {
    try {
      await save.mutateAsync({ paper: props.paper, parts });
      notify.success(t("Rubric saved"), t(MAINS_PAPER_LABELS[props.paper]));
    } catch (err) {
      notify.error(t("Error saving the rubric"), errorMessage(err));
    }
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-3" onSubmit={onSubmit} noValidate>
        <ol className="grid gap-3">
          {rows.fields.map((field, index) => (
            <li key={field.id} className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-end gap-2">
              <TextField
                name={`parts.${index}.name`}
                label={t("Part {{number}}", { number: index + 1 })}
              />
              <NumberField
                name={`parts.${index}.weight`}
                label={t("Weight (%)")}
                min={1}
                max={100}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t("Remove part {{number}}", { number: index + 1 })}
                disabled={rows.fields.length <= 1}
                onClick={() => rows.remove(index)}
              >
                <Trash2 className="text-destructive" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
        <p
          aria-live="polite"
          className={sum === 100 ? "text-sm" : "text-sm font-medium text-destructive"}
        >
          {t("Total: {{sum}}%", { sum })}
        </p>
        {error ? <InlineAlert>{t(error)}</InlineAlert> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={rows.fields.length >= MAX_PARTS}
            onClick={() => rows.append({ name: "", weight: "" })}
          >
            <Plus aria-hidden="true" /> {t("Add part")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("Saving...") : t("Save rubric")}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * The rubric per paper (decision 042): its parts and their weights in percent, adding up to 100.
 * Copies already claimed keep the rubric they were claimed with.
 */
export function RubricEditor({ rubrics }: { rubrics: EvaluationConfig["rubrics"] }) {
  const { t } = useTranslation();
  const [paper, setPaper] = useState<MainsPaper>("gs1");
  const paperId = useId();
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5 sm:max-w-xs">
        <label htmlFor={paperId} className="text-sm font-medium">
          {t("Paper")}
        </label>
        <Select
          id={paperId}
          value={paper}
          onChange={(event) => setPaper(event.target.value as MainsPaper)}
        >
          {MAINS_PAPERS.map((p) => (
            <option key={p} value={p}>
              {t(MAINS_PAPER_LABELS[p])}
            </option>
          ))}
        </Select>
      </div>
      <RubricForm key={paper} paper={paper} parts={rubrics[paper]} />
    </div>
  );
}
