import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { Textarea } from "@web/components/ui/textarea.tsx";
import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { OPTION_KEYS } from "../../../../shared/constants.ts";
import { EXAM_MESSAGES, HINDI_INCOMPLETE_MESSAGE } from "../../../../shared/exams.ts";
import { type AdminQuestion, useSaveQuestion } from "../api/questions.ts";
import { emptyHindi, type HindiDraft, HindiFields, hindiInput } from "./hindi-fields.tsx";
import {
  firstInvalidQuestionField,
  QUESTION_FIELD_IDS,
  type QuestionDraft,
  type QuestionErrors,
  type QuestionField,
  validateQuestionDraft,
} from "./question-form.ts";
import { parseTarget, TargetSelect, targetValueOf } from "./target-select.tsx";

type Draft = QuestionDraft & { hindi: HindiDraft };

const empty = (target: string): Draft => ({
  target,
  questionText: "",
  options: { A: "", B: "", C: "", D: "" },
  correctAnswer: "",
  explanation: "",
  hindi: emptyHindi(),
});

export function QuestionDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  question: AdminQuestion | null;
  exams: { id: string; title: string }[];
  quizzes: { id: string; title: string }[];
  defaultTarget: string;
}) {
  const save = useSaveQuestion();
  const [draft, setDraft] = useState<Draft>(empty(""));
  const [errors, setErrors] = useState<QuestionErrors>({});
  const aria = (field: QuestionField) => fieldAria(QUESTION_FIELD_IDS[field], errors[field]);
  useEffect(() => {
    if (!props.open) return;
    setErrors({});
    const q = props.question;
    setDraft(
      q
        ? {
            target: targetValueOf(q),
            questionText: q.questionText,
            options: { ...q.options },
            correctAnswer: q.correctAnswer,
            explanation: q.explanation ?? "",
            hindi: q.translations.hi
              ? {
                  questionText: q.translations.hi.questionText,
                  options: { ...q.translations.hi.options },
                  explanation: q.translations.hi.explanation ?? "",
                }
              : emptyHindi(),
          }
        : empty(props.defaultTarget),
    );
  }, [props.open, props.question, props.defaultTarget]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = validateQuestionDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      // The spec's toast still shows; the fields say what to fix, and focus goes to the first.
      notify.error("Validation Error", checked.toast);
      const first = firstInvalidQuestionField(checked.errors);
      if (first) document.getElementById(first)?.focus();
      return;
    }
    setErrors({});
    const hindi = hindiInput(draft.hindi);
    if (hindi === "incomplete") {
      notify.error("Validation Error", HINDI_INCOMPLETE_MESSAGE);
      return;
    }
    try {
      await save.mutateAsync({
        id: props.question?.id,
        input: {
          ...parseTarget(draft.target),
          questionText: draft.questionText,
          options: draft.options,
          correctAnswer: draft.correctAnswer,
          explanation: draft.explanation.trim() || null,
          translations: hindi ? { hi: hindi } : {},
        },
      });
      notify.success(
        "Success",
        props.question ? "Question updated successfully." : "Question created successfully.",
      );
      props.onOpenChange(false);
    } catch (error) {
      notify.error("Error saving question", error instanceof ApiError ? error.message : undefined);
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title={props.question ? "Edit Question" : "Add New Question"}
        className="sm:max-w-2xl"
      >
        {props.exams.length === 0 && props.quizzes.length === 0 ? (
          <div className="grid gap-3">
            <p role="alert">{EXAM_MESSAGES.noExamsForQuestions}</p>
            <Button asChild className="justify-self-start">
              <Link to="/admin/exams">Manage Exams</Link>
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <FormField id="question-exam" label="Exam or quiz" error={errors.target}>
              <TargetSelect
                {...aria("target")}
                exams={props.exams}
                quizzes={props.quizzes}
                emptyLabel="Select an exam or quiz"
                value={draft.target}
                onChange={(e) => setDraft({ ...draft, target: e.target.value })}
              />
            </FormField>
            <FormField id="question-text" label="Question Text" error={errors.questionText}>
              <Textarea
                {...aria("questionText")}
                rows={3}
                value={draft.questionText}
                onChange={(e) => setDraft({ ...draft, questionText: e.target.value })}
              />
            </FormField>
            <div className="grid gap-3 sm:grid-cols-2">
              {OPTION_KEYS.map((key) => (
                <FormField
                  key={key}
                  id={`question-option-${key}`}
                  label={`Option ${key}`}
                  error={errors[`option${key}`]}
                >
                  <Input
                    {...aria(`option${key}`)}
                    value={draft.options[key]}
                    onChange={(e) =>
                      setDraft({ ...draft, options: { ...draft.options, [key]: e.target.value } })
                    }
                  />
                </FormField>
              ))}
            </div>
            <FormField id="question-answer" label="Correct Answer" error={errors.correctAnswer}>
              <Select
                {...aria("correctAnswer")}
                value={draft.correctAnswer}
                onChange={(e) => setDraft({ ...draft, correctAnswer: e.target.value })}
              >
                <option value="">Select the correct option</option>
                {OPTION_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {key}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="question-explanation" label="Explanation (optional)">
              <Textarea
                id="question-explanation"
                rows={3}
                value={draft.explanation}
                onChange={(e) => setDraft({ ...draft, explanation: e.target.value })}
              />
            </FormField>
            <HindiFields value={draft.hindi} onChange={(hindi) => setDraft({ ...draft, hindi })} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? "Saving..." : props.question ? "Save Changes" : "Add Question"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
