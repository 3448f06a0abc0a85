import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormField } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect, useState } from "react";
import { QUIZ_DIFFICULTIES, type QuizDifficulty } from "../../../../shared/quiz-constants.ts";
import {
  QUIZ_PDF_MAX_BYTES,
  QUIZ_PDF_MESSAGES,
  quizInputSchema,
} from "../../../../shared/quizzes.ts";
import { type AdminQuiz, useSaveQuiz } from "../api/quizzes.ts";

type Draft = {
  title: string;
  access: "free" | "premium";
  durationMinutes: string;
  totalMarks: string;
  difficulty: QuizDifficulty;
  publishedOn: string;
};

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });

function draftOf(quiz: AdminQuiz | null): Draft {
  return quiz
    ? {
        title: quiz.title,
        access: quiz.isFree ? "free" : "premium",
        durationMinutes: String(quiz.durationMinutes),
        totalMarks: quiz.totalMarks === null ? "" : String(quiz.totalMarks),
        difficulty: quiz.difficulty,
        publishedOn: quiz.publishedOn,
      }
    : {
        title: "",
        access: "free",
        durationMinutes: "10",
        totalMarks: "",
        difficulty: "Medium",
        publishedOn: today(),
      };
}

/** Create or edit a quiz; the PDF (optional) is uploaded right after the quiz is saved. */
export function QuizDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quiz: AdminQuiz | null;
}) {
  const save = useSaveQuiz();
  const [draft, setDraft] = useState<Draft>(draftOf(null));
  const [pdf, setPdf] = useState<File | undefined>();
  const [pdfHasNoAnswers, setPdfHasNoAnswers] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setDraft(draftOf(props.quiz));
    setPdf(undefined);
    setPdfHasNoAnswers(props.quiz?.pdfHasNoAnswers ?? false);
  }, [props.open, props.quiz]);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = quizInputSchema.safeParse({
      title: draft.title,
      isFree: draft.access === "free",
      durationMinutes: Number(draft.durationMinutes),
      totalMarks: draft.totalMarks.trim() ? Number(draft.totalMarks) : null,
      difficulty: draft.difficulty,
      publishedOn: draft.publishedOn,
    });
    if (!parsed.success) {
      notify.error("Validation Error", parsed.error.issues[0]?.message);
      return;
    }
    if (pdf && pdf.size > QUIZ_PDF_MAX_BYTES) {
      notify.error("PDF Too Large", QUIZ_PDF_MESSAGES.tooLarge);
      return;
    }
    try {
      await save.mutateAsync({ id: props.quiz?.id, input: parsed.data, pdf, pdfHasNoAnswers });
      notify.success(
        "Success",
        props.quiz ? "Quiz updated successfully." : "Quiz created successfully.",
      );
      props.onOpenChange(false);
    } catch (error) {
      notify.error("Error saving quiz", error instanceof ApiError ? error.message : undefined);
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.quiz ? "Edit Quiz" : "Create New Quiz"} className="sm:max-w-xl">
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <FormField id="quiz-title" label="Title">
            <Input
              id="quiz-title"
              value={draft.title}
              onChange={(e) => set({ title: e.target.value })}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="quiz-access" label="Access">
              <Select
                id="quiz-access"
                value={draft.access}
                onChange={(e) => set({ access: e.target.value as Draft["access"] })}
              >
                <option value="free">Free</option>
                <option value="premium">Premium</option>
              </Select>
            </FormField>
            <FormField id="quiz-difficulty" label="Difficulty">
              <Select
                id="quiz-difficulty"
                value={draft.difficulty}
                onChange={(e) => set({ difficulty: e.target.value as QuizDifficulty })}
              >
                {QUIZ_DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="quiz-duration" label="Duration (minutes)">
              <Input
                id="quiz-duration"
                type="number"
                inputMode="numeric"
                min={1}
                max={600}
                value={draft.durationMinutes}
                onChange={(e) => set({ durationMinutes: e.target.value })}
              />
            </FormField>
            <FormField id="quiz-marks" label="Total marks (empty: out of 100)">
              <Input
                id="quiz-marks"
                type="number"
                inputMode="numeric"
                min={1}
                value={draft.totalMarks}
                onChange={(e) => set({ totalMarks: e.target.value })}
              />
            </FormField>
            <FormField id="quiz-published" label="Published date">
              <Input
                id="quiz-published"
                type="date"
                value={draft.publishedOn}
                onChange={(e) => set({ publishedOn: e.target.value })}
              />
            </FormField>
            <FormField
              id="quiz-pdf"
              label={props.quiz?.pdfUrl ? "Replace PDF (10 MB max)" : "PDF (optional, 10 MB max)"}
            >
              <Input
                id="quiz-pdf"
                type="file"
                accept="application/pdf,.pdf"
                onChange={(e) => setPdf(e.target.files?.[0])}
              />
            </FormField>
          </div>
          {pdf ? (
            <div className="grid gap-1 text-sm">
              <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={pdfHasNoAnswers}
                  onChange={(e) => setPdfHasNoAnswers(e.target.checked)}
                  aria-describedby="quiz-pdf-answers-hint"
                />
                {QUIZ_PDF_MESSAGES.noAnswersLabel}
              </label>
              <p id="quiz-pdf-answers-hint" className="text-xs text-muted-foreground">
                {QUIZ_PDF_MESSAGES.noAnswersHint}
              </p>
            </div>
          ) : null}
          <p className="text-xs text-muted-foreground">
            Students see the quiz from its published date, once it has questions.
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : props.quiz ? "Save Changes" : "Create Quiz"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
