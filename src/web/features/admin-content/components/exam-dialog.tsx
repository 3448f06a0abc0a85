import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { Switch } from "@web/components/ui/switch.tsx";
import { Textarea } from "@web/components/ui/textarea.tsx";
import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import {
  EXAM_KIND_LABELS,
  EXAM_KINDS,
  EXAM_MESSAGES,
  EXAM_SECTION_LABELS,
  EXAM_SECTIONS,
  type ExamKind,
  type ExamSection,
} from "../../../../shared/exams.ts";
import type { AdminCategory } from "../api/categories.ts";
import { type AdminExam, useSaveExam } from "../api/exams.ts";
import {
  EXAM_FIELD_IDS,
  type ExamDraft,
  type ExamErrors,
  type ExamField,
  firstInvalidExamField,
  validateExamDraft,
} from "./exam-form.ts";

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
  };
}

/** Create or edit an exam: time limit entered in minutes, stored in seconds. */
export function ExamDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  exam: AdminExam | null;
  categories: Pick<AdminCategory, "id" | "name">[];
}) {
  const save = useSaveExam();
  const [draft, setDraft] = useState<ExamDraft>(NEW_EXAM);
  const [errors, setErrors] = useState<ExamErrors>({});
  useEffect(() => {
    if (!props.open) return;
    setDraft(props.exam ? draftOf(props.exam) : NEW_EXAM);
    setErrors({});
  }, [props.open, props.exam]);
  const set = <K extends keyof ExamDraft>(key: K, value: ExamDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const aria = (field: ExamField) => fieldAria(EXAM_FIELD_IDS[field], errors[field]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = validateExamDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      // The spec's toast still shows; the fields say what to fix, and focus goes to the first.
      notify.error("Validation Error", checked.toast);
      const first = firstInvalidExamField(checked.errors);
      if (first) document.getElementById(first)?.focus();
      return;
    }
    setErrors({});
    const { input } = checked;
    try {
      await save.mutateAsync({ id: props.exam?.id, input });
      notify.success("Success", "Exam created or updated successfully");
      props.onOpenChange(false);
    } catch (error) {
      notify.error(
        "Error",
        `Failed to save exam: ${error instanceof ApiError ? error.message : "unknown error"}`,
      );
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.exam ? "Edit Exam" : "Create New Exam"} className="sm:max-w-2xl">
        {props.categories.length === 0 ? (
          <div className="grid gap-3">
            <p role="alert">{EXAM_MESSAGES.noCategories}</p>
            <Button asChild className="justify-self-start">
              <Link to="/admin/categories">Manage Categories</Link>
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <FormField id="exam-title" label="Title" error={errors.title}>
              <Input
                {...aria("title")}
                value={draft.title}
                onChange={(e) => set("title", e.target.value)}
                required
              />
            </FormField>
            <FormField
              id="exam-description"
              label="Description (optional)"
              error={errors.description}
            >
              <Textarea
                {...aria("description")}
                rows={3}
                value={draft.description}
                onChange={(e) => set("description", e.target.value)}
              />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField id="exam-category" label="Category" error={errors.categoryId}>
                <Select
                  {...aria("categoryId")}
                  value={draft.categoryId}
                  onChange={(e) => set("categoryId", e.target.value)}
                  required
                >
                  <option value="">Select a category</option>
                  {props.categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField id="exam-minutes" label="Time limit (minutes)" error={errors.minutes}>
                <Input
                  {...aria("minutes")}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={draft.minutes}
                  onChange={(e) => set("minutes", e.target.value)}
                />
              </FormField>
              <FormField id="exam-passing" label="Passing marks (%)" error={errors.passingMarks}>
                <Input
                  {...aria("passingMarks")}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  value={draft.passingMarks}
                  onChange={(e) => set("passingMarks", e.target.value)}
                />
              </FormField>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField id="exam-kind" label="Type">
                <Select
                  id="exam-kind"
                  value={draft.kind}
                  onChange={(e) => set("kind", e.target.value as ExamKind)}
                >
                  {EXAM_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {EXAM_KIND_LABELS[k]}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField id="exam-section" label="Section" error={errors.section}>
                <Select
                  {...aria("section")}
                  value={draft.section}
                  onChange={(e) => set("section", e.target.value as ExamSection | "")}
                >
                  <option value="">None</option>
                  {EXAM_SECTIONS.map((s) => (
                    <option key={s} value={s}>
                      {EXAM_SECTION_LABELS[s]}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField
                id="exam-year"
                label={draft.kind === "pyp" ? "Year" : "Year (optional)"}
                error={errors.year}
              >
                <Input
                  {...aria("year")}
                  type="number"
                  inputMode="numeric"
                  min={1950}
                  max={2100}
                  value={draft.year}
                  onChange={(e) => set("year", e.target.value)}
                />
              </FormField>
            </div>
            <div className="flex items-center gap-3">
              <Switch
                id="exam-free"
                checked={draft.isFree}
                onCheckedChange={(v) => set("isFree", v)}
              />
              <label htmlFor="exam-free" className="text-sm font-medium">
                Free exam (off: premium)
              </label>
            </div>
            <div className="grid gap-3 rounded-md border border-border p-3">
              <div className="flex items-center gap-3">
                <Switch
                  id="exam-negative"
                  checked={draft.negative}
                  onCheckedChange={(v) => set("negative", v)}
                  aria-describedby="exam-negative-help"
                />
                <label htmlFor="exam-negative" className="text-sm font-medium">
                  Negative marking
                </label>
              </div>
              <p id="exam-negative-help" className="text-xs text-muted-foreground">
                Off: the score is the percentage of correct answers. On: marks obtained over maximum
                marks, with a penalty for each wrong answer.
              </p>
              {draft.negative ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField
                    id="exam-marks"
                    label="Marks per question"
                    error={errors.marksPerQuestion}
                  >
                    <Input
                      {...aria("marksPerQuestion")}
                      type="number"
                      step="0.01"
                      min={0.01}
                      value={draft.marksPerQuestion}
                      onChange={(e) => set("marksPerQuestion", e.target.value)}
                    />
                  </FormField>
                  <FormField
                    id="exam-penalty"
                    label="Penalty for a wrong answer"
                    error={errors.penaltyFraction}
                  >
                    <Select
                      {...aria("penaltyFraction")}
                      value={draft.penaltyFraction}
                      onChange={(e) => set("penaltyFraction", e.target.value)}
                    >
                      <option value="0.3333">1/3 of the marks (UPSC prelims)</option>
                      <option value="0.25">1/4 of the marks</option>
                      <option value="0.5">1/2 of the marks</option>
                      <option value="1">All of the marks</option>
                    </Select>
                  </FormField>
                </div>
              ) : null}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? "Saving..." : props.exam ? "Save Changes" : "Create Exam"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
