import {
  DateField,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
} from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { TaxonomyFields } from "@web/components/form/taxonomy-fields.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { type MainsQuestionRow, useSaveMainsQuestion } from "@web/lib/mains-questions.ts";
import { notify } from "@web/lib/toast.ts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  DIRECTIVE_WORDS,
  MAINS_PAPER_LABELS,
  MAINS_PAPERS,
  mainsQuestionSchema,
  WORD_LIMITS,
} from "../../../shared/evaluation.ts";

/** The form's fields as typed: ids or "" for none, numbers as text. */
export type MainsQuestionValues = {
  paper: string;
  subjectId: string;
  topicId: string;
  questionText: string;
  questionTextHi: string;
  directive: string;
  wordLimit: string;
  marks: string;
  publishDate: string;
  modelAnswer: string;
  modelAnswerHi: string;
};

const resolver = schemaResolver<MainsQuestionValues, typeof mainsQuestionSchema>(
  mainsQuestionSchema,
  (values) => ({
    ...values,
    paper: values.paper as (typeof MAINS_PAPERS)[number],
    subjectId: values.subjectId || null,
    topicId: (values.subjectId && values.topicId) || null,
    wordLimit: values.wordLimit ? (Number(values.wordLimit) as 150 | 250) : null,
    marks: numberOf(values.marks),
  }),
);

/** Today on this device's calendar, as the date input writes it. */
function today() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function mainsQuestionValues(question: MainsQuestionRow | null): MainsQuestionValues {
  return {
    paper: question?.paper ?? "gs1",
    subjectId: question?.subjectId ?? "",
    topicId: question?.topicId ?? "",
    questionText: question?.questionText ?? "",
    questionTextHi: question?.questionTextHi ?? "",
    directive: question?.directive ?? "",
    wordLimit: question ? (question.wordLimit === null ? "" : String(question.wordLimit)) : "150",
    marks: String(question?.marks ?? 10),
    publishDate: question?.publishDate ?? today(),
    modelAnswer: question?.modelAnswer ?? "",
    modelAnswerHi: question?.modelAnswerHi ?? "",
  };
}

/**
 * A Mains question's form (decision 042): paper, subject and topic, the question in English and
 * optionally Hindi, the directive word (UPSC's offered, any other accepted), word limit, marks,
 * publish date, and the model answer students see only with their evaluated copy.
 */
export function MainsQuestionDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  question: MainsQuestionRow | null;
}) {
  const { t } = useTranslation();
  const save = useSaveMainsQuestion();
  const question = props.question;
  const directives = useId();
  const marksList = useId();
  const form = useDialogForm<MainsQuestionValues, ReturnType<typeof mainsQuestionSchema.parse>>({
    open: props.open,
    resolver,
    values: () => mainsQuestionValues(question),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={question ? t("Edit Mains question") : t("Add Mains question")}
      className="sm:max-w-2xl"
      form={form}
      submitLabel={t("Save question")}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: question?.id, input });
          notify.success(t("Mains question saved"));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving the Mains question"), errorMessage(error));
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField name="paper" label={t("Paper")}>
          {MAINS_PAPERS.map((paper) => (
            <option key={paper} value={paper}>
              {t(MAINS_PAPER_LABELS[paper])}
            </option>
          ))}
        </SelectField>
        <DateField
          name="publishDate"
          label={t("Publish date")}
          hint={t("Students see it from this day.")}
        />
      </div>
      <TaxonomyFields />
      <TextareaField name="questionText" label={t("Question text")} rows={3} />
      <TextareaField
        name="questionTextHi"
        label={t("Question text (Hindi, optional)")}
        rows={3}
        lang="hi"
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          name="directive"
          label={t("Directive (optional)")}
          list={directives}
          autoComplete="off"
          hint={t("Discuss, Examine, Critically examine…")}
        />
        <datalist id={directives}>
          {DIRECTIVE_WORDS.map((word) => (
            <option key={word} value={word} />
          ))}
        </datalist>
        <SelectField name="wordLimit" label={t("Word limit")}>
          {WORD_LIMITS.map((limit) => (
            <option key={limit} value={String(limit)}>
              {t("{{words}} words", { words: limit })}
            </option>
          ))}
          <option value="">{t("No limit")}</option>
        </SelectField>
        <NumberField name="marks" label={t("Marks")} min={1} list={marksList} />
        <datalist id={marksList}>
          <option value="10" />
          <option value="15" />
        </datalist>
      </div>
      <TextareaField
        name="modelAnswer"
        label={t("Model answer or key points")}
        hint={t("Students see it only with their evaluated copy.")}
        rows={5}
      />
      <TextareaField
        name="modelAnswerHi"
        label={t("Model answer (Hindi, optional)")}
        rows={4}
        lang="hi"
      />
    </FormDialog>
  );
}
