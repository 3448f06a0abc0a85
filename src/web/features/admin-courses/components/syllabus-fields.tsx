import { useQuery } from "@tanstack/react-query";
import { SelectField, TextField } from "@web/components/form/fields.tsx";
import { TaxonomyFields } from "@web/components/form/taxonomy-fields.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { courseItemOptionsQueryOptions, type PickableKind } from "@web/lib/courses.ts";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  COURSE_ITEM_KINDS,
  COURSE_ITEM_LABELS,
  type CourseItemKind,
} from "../../../../shared/courses.ts";

/** A step as the form holds it: every field as text, the unused ones blank. */
export type StepValues = {
  kind: CourseItemKind;
  id: string;
  subjectId: string;
  topicId: string;
  questions: string;
};
export type ModuleValues = { title: string; titleHi: string; items: StepValues[] };
type SyllabusValues = { modules: ModuleValues[] };

export const emptyStep = (kind: CourseItemKind = "note"): StepValues => ({
  kind,
  id: "",
  subjectId: "",
  topicId: "",
  questions: "20",
});

/** The picker of existing items of the step's kind (searching is by the list's own filter). */
function ItemPicker({ name, kind, label }: { name: string; kind: PickableKind; label: string }) {
  const { t } = useTranslation();
  const options = useQuery(courseItemOptionsQueryOptions(kind));
  return (
    <SelectField name={name} label={label}>
      <option value="">{options.isPending ? t("Loading...") : t("Choose...")}</option>
      {(options.data ?? []).map((option) => (
        <option key={option.id} value={option.id}>
          {option.title}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * A practice step's subject, topic and question count. TaxonomyFields reads `subjectId` and
 * `topicId` at the top of its form, so the step gets a small form of its own, kept in step with
 * the course's.
 */
function PracticeFields({ path }: { path: string }) {
  const { t } = useTranslation();
  const outer = useFormContext<SyllabusValues>();
  const start = outer.getValues(path as `modules.${number}.items.${number}`);
  const inner = useForm({
    defaultValues: {
      subjectId: start.subjectId,
      topicId: start.topicId,
      questions: start.questions,
    },
  });
  const values = useWatch({ control: inner.control });
  useEffect(() => {
    outer.setValue(`${path}.subjectId` as `modules.0.items.0.subjectId`, values.subjectId ?? "");
    outer.setValue(`${path}.topicId` as `modules.0.items.0.topicId`, values.topicId ?? "");
    outer.setValue(`${path}.questions` as `modules.0.items.0.questions`, values.questions ?? "20");
  }, [values, outer, path]);
  return (
    <FormProvider {...inner}>
      <TaxonomyFields optional={false} />
      <TextField name="questions" type="number" min={5} max={100} label={t("Questions")} />
    </FormProvider>
  );
}

function MoveButtons(props: {
  index: number;
  count: number;
  name: string;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-1">
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={t("Move {{name}} up", { name: props.name })}
        disabled={props.index === 0}
        onClick={() => props.move(props.index, props.index - 1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={t("Move {{name}} down", { name: props.name })}
        disabled={props.index === props.count - 1}
        onClick={() => props.move(props.index, props.index + 1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={t("Remove {{name}}", { name: props.name })}
        onClick={() => props.remove(props.index)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

function Steps({ moduleIndex, moduleName }: { moduleIndex: number; moduleName: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<SyllabusValues>();
  const steps = useFieldArray({ control, name: `modules.${moduleIndex}.items` });
  const kinds = useWatch({ control, name: `modules.${moduleIndex}.items` }) ?? [];
  return (
    <div className="grid gap-2">
      {steps.fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("No steps yet.")}</p>
      ) : null}
      <ol className="grid gap-2">
        {steps.fields.map((field, index) => {
          const path = `modules.${moduleIndex}.items.${index}`;
          const kind = kinds[index]?.kind ?? field.kind;
          const name = t("step {{n}} of {{module}}", { n: index + 1, module: moduleName });
          return (
            <li key={field.id} className="grid gap-2 rounded-md border border-border p-3">
              <div className="flex flex-wrap items-end justify-between gap-2">
                <div className="min-w-40 flex-1">
                  <SelectField name={`${path}.kind`} label={t("Step {{n}}", { n: index + 1 })}>
                    {COURSE_ITEM_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(COURSE_ITEM_LABELS[k])}
                      </option>
                    ))}
                  </SelectField>
                </div>
                <MoveButtons
                  index={index}
                  count={steps.fields.length}
                  name={name}
                  move={steps.move}
                  remove={steps.remove}
                />
              </div>
              {kind === "practice" ? (
                <PracticeFields key={`${field.id}-practice`} path={path} />
              ) : (
                <ItemPicker
                  key={`${field.id}-${kind}`}
                  name={`${path}.id`}
                  kind={kind}
                  label={t(COURSE_ITEM_LABELS[kind])}
                />
              )}
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="justify-self-start"
        onClick={() => steps.append(emptyStep())}
      >
        <Plus aria-hidden="true" /> {t("Add step")}
      </Button>
    </div>
  );
}

/** The syllabus: modules in order, each with its steps in order. */
export function SyllabusFields({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { control } = useFormContext<SyllabusValues>();
  const modules = useFieldArray({ control, name: "modules" });
  const titles = useWatch({ control, name: "modules" }) ?? [];
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-base font-semibold">{t("Syllabus")}</legend>
      {children}
      {modules.fields.map((field, index) => {
        const name = titles[index]?.title || t("Module {{n}}", { n: index + 1 });
        return (
          <section
            key={field.id}
            aria-label={t("Module {{n}}", { n: index + 1 })}
            className="grid gap-3 rounded-lg border border-border bg-muted/30 p-3"
          >
            <div className="flex flex-wrap items-end justify-between gap-2">
              <div className="min-w-48 flex-1">
                <TextField
                  name={`modules.${index}.title`}
                  label={t("Module {{n}} title", { n: index + 1 })}
                  autoComplete="off"
                />
              </div>
              <MoveButtons
                index={index}
                count={modules.fields.length}
                name={name}
                move={modules.move}
                remove={modules.remove}
              />
            </div>
            <TextField
              name={`modules.${index}.titleHi`}
              label={t("Module title (Hindi, optional)")}
              lang="hi"
              autoComplete="off"
            />
            <Steps moduleIndex={index} moduleName={name} />
          </section>
        );
      })}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => modules.append({ title: "", titleHi: "", items: [emptyStep()] })}
      >
        <Plus aria-hidden="true" /> {t("Add module")}
      </Button>
    </fieldset>
  );
}
