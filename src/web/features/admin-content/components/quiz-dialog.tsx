import {
  DateField,
  FileField,
  NumberField,
  SelectField,
  TextField,
} from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { QUIZ_DIFFICULTIES, type QuizDifficulty } from "../../../../shared/quiz-constants.ts";
import {
  QUIZ_PDF_MAX_BYTES,
  QUIZ_PDF_MESSAGES,
  quizInputSchema,
} from "../../../../shared/quizzes.ts";
import { type AdminQuiz, useSaveQuiz } from "../api/quizzes.ts";

type QuizForm = {
  title: string;
  titleHi: string;
  access: "free" | "premium";
  durationMinutes: string;
  totalMarks: string;
  difficulty: QuizDifficulty;
  publishedOn: string;
  pdf?: File;
  /** "This PDF holds no answers", sent with the upload (decision 030). */
  pdfHasNoAnswers: boolean;
};

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });

function formOf(quiz: AdminQuiz | null): QuizForm {
  return quiz
    ? {
        title: quiz.title,
        titleHi: quiz.titleHi ?? "",
        access: quiz.isFree ? "free" : "premium",
        durationMinutes: String(quiz.durationMinutes),
        totalMarks: quiz.totalMarks === null ? "" : String(quiz.totalMarks),
        difficulty: quiz.difficulty,
        publishedOn: quiz.publishedOn,
        pdfHasNoAnswers: quiz.pdfHasNoAnswers,
      }
    : {
        title: "",
        titleHi: "",
        access: "free",
        durationMinutes: "10",
        totalMarks: "",
        difficulty: "Medium",
        publishedOn: today(),
        pdfHasNoAnswers: false,
      };
}

const resolver = schemaResolver(quizInputSchema, (form: QuizForm) => ({
  title: form.title,
  titleHi: form.titleHi,
  isFree: form.access === "free",
  durationMinutes: numberOf(form.durationMinutes),
  totalMarks: form.totalMarks.trim() ? Number(form.totalMarks) : null,
  difficulty: form.difficulty,
  publishedOn: form.publishedOn,
}));

/** Create or edit a quiz; the PDF (optional) is uploaded right after the quiz is saved. */
export function QuizDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quiz: AdminQuiz | null;
}) {
  const { t } = useTranslation();
  const save = useSaveQuiz();
  const form = useDialogForm({ open: props.open, resolver, values: () => formOf(props.quiz) });
  const pdfChosen = form.watch("pdf") !== undefined;

  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.quiz ? t("Edit Quiz") : t("Create New Quiz")}
      className="sm:max-w-xl"
      form={form}
      submitLabel={props.quiz ? t("Save Changes") : t("Create Quiz")}
      onInvalid={(errors) =>
        notify.error(t("Validation Error"), errors.root?.message && t(errors.root.message))
      }
      onSubmit={async (input) => {
        const pdf = form.getValues("pdf");
        const pdfHasNoAnswers = form.getValues("pdfHasNoAnswers");
        if (pdf && pdf.size > QUIZ_PDF_MAX_BYTES) {
          notify.error(t("PDF Too Large"), t(QUIZ_PDF_MESSAGES.tooLarge));
          return;
        }
        try {
          await save.mutateAsync({ id: props.quiz?.id, input, pdf, pdfHasNoAnswers });
          notify.success(
            t("Success"),
            props.quiz ? t("Quiz updated successfully.") : t("Quiz created successfully."),
          );
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving quiz"), errorMessage(error));
        }
      }}
    >
      <TextField name="title" label={t("Title")} />
      <TextField
        name="titleHi"
        label={t("Title (Hindi, optional)")}
        hint={t("Shown instead of the title to students using the site in Hindi.")}
        lang="hi"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="access" label={t("Access")}>
          <option value="free">{t("Free")}</option>
          <option value="premium">{t("Premium")}</option>
        </SelectField>
        <SelectField name="difficulty" label={t("Difficulty")}>
          {QUIZ_DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {t(d)}
            </option>
          ))}
        </SelectField>
        <NumberField name="durationMinutes" label={t("Duration (minutes)")} min={1} max={600} />
        <NumberField name="totalMarks" label={t("Total marks (empty: out of 100)")} min={1} />
        <DateField name="publishedOn" label={t("Published date")} />
        <FileField
          name="pdf"
          label={props.quiz?.pdfUrl ? t("Replace PDF (10 MB max)") : t("PDF (optional, 10 MB max)")}
          accept="application/pdf,.pdf"
        />
      </div>
      {pdfChosen ? (
        <div className="grid gap-1 text-sm">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              aria-describedby="quiz-pdf-answers-hint"
              {...form.register("pdfHasNoAnswers")}
            />
            {t(QUIZ_PDF_MESSAGES.noAnswersLabel)}
          </label>
          <p id="quiz-pdf-answers-hint" className="text-xs text-muted-foreground">
            {t(QUIZ_PDF_MESSAGES.noAnswersHint)}
          </p>
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {t("Students see the quiz from its published date, once it has questions.")}
      </p>
    </FormDialog>
  );
}
