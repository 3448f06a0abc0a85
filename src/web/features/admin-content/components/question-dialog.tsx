import { SelectField, TextareaField, TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OPTION_KEYS } from "../../../../shared/constants.ts";
import { EXAM_MESSAGES } from "../../../../shared/exams.ts";
import { QUESTION_MARKUP_HINT } from "../../../../shared/question-markup.ts";
import { type AdminQuestion, useSaveQuestion } from "../api/questions.ts";
import { emptyHindi, HindiFields } from "./hindi-fields.tsx";
import { type QuestionForm, questionResolver } from "./question-form.ts";
import { emptyTags, QuestionTagFields } from "./question-tag-fields.tsx";
import { TargetSelect, targetValueOf } from "./target-select.tsx";

function formOf(q: AdminQuestion | null, defaultTarget: string): QuestionForm {
  if (!q) {
    return {
      target: defaultTarget,
      questionText: "",
      options: { A: "", B: "", C: "", D: "" },
      correctAnswer: "",
      explanation: "",
      hindi: emptyHindi(),
      tags: emptyTags(),
    };
  }
  const hi = q.translations.hi;
  return {
    target: targetValueOf(q),
    questionText: q.questionText,
    options: { ...q.options },
    correctAnswer: q.correctAnswer,
    explanation: q.explanation ?? "",
    hindi: hi
      ? {
          questionText: hi.questionText,
          options: { ...hi.options },
          explanation: hi.explanation ?? "",
        }
      : emptyHindi(),
    tags: {
      subjectId: q.subject?.id ?? "",
      topicId: q.topic?.id ?? "",
      difficulty: q.difficulty ?? "",
      pyqYear: q.pyqYear === null ? "" : String(q.pyqYear),
    },
  };
}

export function QuestionDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  question: AdminQuestion | null;
  exams: { id: string; title: string }[];
  quizzes: { id: string; title: string }[];
  defaultTarget: string;
}) {
  const { t } = useTranslation();
  const save = useSaveQuestion();
  const form = useDialogForm({
    open: props.open,
    resolver: questionResolver,
    values: () => formOf(props.question, props.defaultTarget),
  });

  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.question ? t("Edit Question") : t("Add New Question")}
      className="sm:max-w-2xl"
      form={form}
      submitLabel={props.question ? t("Save Changes") : t("Add Question")}
      // The spec's toast still shows; the fields say what to fix, and focus goes to the first.
      onInvalid={(errors) =>
        notify.error(t("Validation Error"), errors.root?.message && t(errors.root.message))
      }
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: props.question?.id, input });
          notify.success(
            t("Success"),
            props.question
              ? t("Question updated successfully.")
              : t("Question created successfully."),
          );
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving question"), errorMessage(error));
        }
      }}
      blocked={
        props.exams.length === 0 && props.quizzes.length === 0 ? (
          <div className="grid gap-3">
            <InlineAlert className="">{t(EXAM_MESSAGES.noExamsForQuestions)}</InlineAlert>
            <Button asChild className="justify-self-start">
              <Link to="/admin/exams">{t("Manage Exams")}</Link>
            </Button>
          </div>
        ) : undefined
      }
    >
      <SelectField
        name="target"
        label={t("Exam or quiz")}
        control={TargetSelect}
        exams={props.exams}
        quizzes={props.quizzes}
        emptyLabel={t("Select an exam or quiz")}
      />
      <TextareaField
        name="questionText"
        label={t("Question Text")}
        rows={5}
        hint={t(QUESTION_MARKUP_HINT)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {OPTION_KEYS.map((key) => (
          <TextField key={key} name={`options.${key}`} label={t("Option {{key}}", { key })} />
        ))}
      </div>
      <SelectField name="correctAnswer" label={t("Correct Answer")}>
        <option value="">{t("Select the correct option")}</option>
        {OPTION_KEYS.map((key) => (
          <option key={key} value={key}>
            {key}
          </option>
        ))}
      </SelectField>
      <TextareaField name="explanation" label={t("Explanation (optional)")} rows={3} />
      <QuestionTagFields prefix="tags" />
      <HindiFields />
    </FormDialog>
  );
}
