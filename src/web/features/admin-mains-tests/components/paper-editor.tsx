import { NumberField } from "@web/components/form/fields.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { FormProvider, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type MainsTestQuestionsInput,
  mainsTestQuestionsSchema,
} from "../../../../shared/mains-test-schemas.ts";
import { type AdminMainsTest, useSaveMainsPaper } from "../api/admin-mains-tests.ts";
import { QuestionPicker } from "./question-picker.tsx";

type Row = {
  questionId: string;
  questionText: string;
  section: string;
  marks: string;
  wordLimit: string;
};
type PaperValues = { questions: Row[] };

const resolver = schemaResolver<PaperValues, typeof mainsTestQuestionsSchema>(
  mainsTestQuestionsSchema,
  (values) => ({
    questions: values.questions.map((q) => ({
      questionId: q.questionId,
      section: numberOf(q.section),
      marks: numberOf(q.marks),
      wordLimit: q.wordLimit.trim() ? numberOf(q.wordLimit) : null,
    })),
  }),
);

function valuesOf(test: AdminMainsTest): PaperValues {
  return {
    questions: test.questions.map((q) => ({
      questionId: q.questionId,
      questionText: q.questionText,
      section: String(q.section),
      marks: String(q.marks),
      wordLimit: q.wordLimit === null ? "" : String(q.wordLimit),
    })),
  };
}

/**
 * The test's paper (decision 063): its questions in order, each with its section, marks (1–250)
 * and word limit here, moved, removed, or added from the bank; saved as a whole. Once a student
 * has started the test it is read only.
 */
export function PaperEditor({ test }: { test: AdminMainsTest }) {
  const { t } = useTranslation();
  const save = useSaveMainsPaper(test.id);
  const locked = test.started > 0;
  const form = useForm<PaperValues, unknown, MainsTestQuestionsInput>({
    resolver,
    defaultValues: valuesOf(test),
  });
  const rows = useFieldArray({ control: form.control, name: "questions" });
  const chosen = new Set(rows.fields.map((f) => f.questionId));
  const rootError = form.formState.errors.root?.message;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      form.reset(valuesOf(saved));
      notify.success(t("Paper saved"));
    } catch (error) {
      notify.error(t("Error saving the paper"), errorMessage(error));
    }
  });
  return (
    <div className="grid gap-6">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} className="grid gap-3" noValidate>
          {locked ? (
            <p className="rounded-lg border border-border bg-muted/40 p-3 text-sm">
              {t("Students have started this test: its paper can no longer change.")}
            </p>
          ) : null}
          {rows.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("No questions in the paper yet.")}</p>
          ) : (
            <ol className="grid gap-3">
              {rows.fields.map((field, index) => (
                <li key={field.id} className="grid gap-2 rounded-lg border border-border p-3">
                  <div className="flex items-start justify-between gap-2">
                    <p className="text-sm">
                      <span className="font-semibold">
                        {t("Question {{number}}", { number: index + 1 })}
                      </span>{" "}
                      <span lang={contentLang(field.questionText)}>{field.questionText}</span>
                    </p>
                    <span className="inline-flex shrink-0">
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        disabled={locked || index === 0}
                        onClick={() => rows.move(index, index - 1)}
                        aria-label={t("Move question {{number}} up", { number: index + 1 })}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        disabled={locked || index === rows.fields.length - 1}
                        onClick={() => rows.move(index, index + 1)}
                        aria-label={t("Move question {{number}} down", { number: index + 1 })}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        size="icon"
                        variant="ghost"
                        disabled={locked}
                        onClick={() => rows.remove(index)}
                        aria-label={t("Remove question {{number}}", { number: index + 1 })}
                      >
                        <Trash2 className="text-destructive" aria-hidden="true" />
                      </Button>
                    </span>
                  </div>
                  <div className="grid grid-cols-3 gap-2">
                    <NumberField
                      name={`questions.${index}.section`}
                      label={t("Section")}
                      min={1}
                      max={10}
                      disabled={locked}
                    />
                    <NumberField
                      name={`questions.${index}.marks`}
                      label={t("Marks")}
                      min={1}
                      max={250}
                      disabled={locked}
                    />
                    <NumberField
                      name={`questions.${index}.wordLimit`}
                      label={t("Word limit")}
                      min={1}
                      disabled={locked}
                    />
                  </div>
                </li>
              ))}
            </ol>
          )}
          {rootError ? <InlineAlert>{t(rootError)}</InlineAlert> : null}
          <Button
            type="submit"
            className="justify-self-start"
            disabled={locked || save.isPending || !form.formState.isDirty}
          >
            {save.isPending ? t("Saving...") : t("Save paper")}
          </Button>
        </form>
      </FormProvider>
      {locked ? null : (
        <QuestionPicker
          paper={test.paper}
          chosen={chosen}
          disabled={locked}
          onAdd={(question) => {
            const last = rows.fields.at(-1);
            rows.append({
              questionId: question.id,
              questionText: question.questionText,
              section: last?.section ?? "1",
              marks: String(question.marks),
              wordLimit: question.wordLimit === null ? "" : String(question.wordLimit),
            });
          }}
        />
      )}
    </div>
  );
}
