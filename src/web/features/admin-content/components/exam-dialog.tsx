import {
  NumberField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
} from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  EXAM_KIND_LABELS,
  EXAM_KINDS,
  EXAM_MESSAGES,
  EXAM_SECTION_LABELS,
  EXAM_SECTIONS,
} from "../../../../shared/exams.ts";
import type { AdminCategory } from "../api/categories.ts";
import { type AdminExam, useSaveExam } from "../api/exams.ts";
import { type ExamDraft, examResolver } from "./exam-form.ts";

const NEW_EXAM: ExamDraft = {
  title: "",
  description: "",
  categoryId: "",
  minutes: "60",
  passingMarks: "70",
  kind: "mock",
  year: "",
  section: "",
  isFree: true,
  negative: false,
  marksPerQuestion: "2",
  penaltyFraction: "0.3333",
  dropRule: "award",
};

function draftOf(exam: AdminExam): ExamDraft {
  return {
    title: exam.title,
    description: exam.description ?? "",
    categoryId: exam.categoryId,
    minutes: String(Math.round(exam.timeLimitSeconds / 60)),
    passingMarks: String(exam.passingMarks),
    kind: exam.kind,
    year: exam.year ? String(exam.year) : "",
    section: exam.section ?? "",
    isFree: exam.isFree,
    negative: exam.marksPerQuestion !== null,
    marksPerQuestion: String(exam.marksPerQuestion ?? 2),
    penaltyFraction: String(exam.negativeMarkFraction ?? 0.3333),
    dropRule: exam.dropRule,
  };
}

/** Create or edit an exam: time limit entered in minutes, stored in seconds. */
export function ExamDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  exam: AdminExam | null;
  categories: Pick<AdminCategory, "id" | "name">[];
}) {
  const { t } = useTranslation();
  const save = useSaveExam();
  const form = useDialogForm({
    open: props.open,
    resolver: examResolver,
    values: () => (props.exam ? draftOf(props.exam) : NEW_EXAM),
  });
  const [kind, negative] = form.watch(["kind", "negative"]);

  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.exam ? t("Edit Exam") : t("Create New Exam")}
      className="sm:max-w-2xl"
      form={form}
      submitLabel={props.exam ? t("Save Changes") : t("Create Exam")}
      // The spec's toast still shows; the fields say what to fix, and focus goes to the first.
      onInvalid={(errors) =>
        notify.error(t("Validation Error"), errors.root?.message && t(errors.root.message))
      }
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: props.exam?.id, input });
          notify.success(t("Success"), t("Exam created or updated successfully"));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(
            t("Error"),
            t("Failed to save exam: {{message}}", {
              message: errorMessage(error, "unknown error"),
            }),
          );
        }
      }}
      blocked={
        props.categories.length === 0 ? (
          <div className="grid gap-3">
            <InlineAlert className="">{t(EXAM_MESSAGES.noCategories)}</InlineAlert>
            <Button asChild className="justify-self-start">
              <Link to="/admin/categories">{t("Manage Categories")}</Link>
            </Button>
          </div>
        ) : undefined
      }
    >
      <TextField name="title" label={t("Title")} required />
      <TextareaField name="description" label={t("Description (optional)")} rows={3} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField name="categoryId" label={t("Category")} required>
          <option value="">{t("Select a category")}</option>
          {props.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <NumberField name="minutes" label={t("Time limit (minutes)")} min={1} />
        <NumberField
          name="passingMarks"
          label={t("Passing marks (%)")}
          hint={t("Students see this as the cut-off.")}
          min={0}
          max={100}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField name="kind" label={t("Type")}>
          {EXAM_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(EXAM_KIND_LABELS[k])}
            </option>
          ))}
        </SelectField>
        <SelectField name="section" label={t("Section")}>
          <option value="">{t("None")}</option>
          {EXAM_SECTIONS.map((s) => (
            <option key={s} value={s}>
              {t(EXAM_SECTION_LABELS[s])}
            </option>
          ))}
        </SelectField>
        <NumberField
          name="year"
          label={kind === "pyp" ? t("Year") : t("Year (optional)")}
          min={1950}
          max={2100}
        />
      </div>
      <SwitchField name="isFree" label={t("Free exam (off: premium)")} />
      <SwitchField
        name="negative"
        label={t("Negative marking")}
        description={t(
          "Off: the score is the percentage of correct answers. On: marks obtained over maximum marks, with a penalty for each wrong answer.",
        )}
      />
      {negative ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            name="marksPerQuestion"
            label={t("Marks per question")}
            inputMode="decimal"
            step="0.01"
            min={0.01}
          />
          <SelectField name="penaltyFraction" label={t("Penalty for a wrong answer")}>
            <option value="0.3333">{t("1/3 of the marks (UPSC prelims)")}</option>
            <option value="0.25">{t("1/4 of the marks")}</option>
            <option value="0.5">{t("1/2 of the marks")}</option>
            <option value="1">{t("All of the marks")}</option>
          </SelectField>
        </div>
      ) : null}
      <SelectField name="dropRule" label={t("If a question is dropped after a key challenge")}>
        <option value="award">{t("Everyone gets its marks")}</option>
        <option value="exclude">{t("It is left out of the total")}</option>
      </SelectField>
    </FormDialog>
  );
}
