import type { Resolver } from "react-hook-form";
import {
  EXAM_MESSAGES,
  type ExamInput,
  type ExamKind,
  type ExamSection,
  examInputSchema,
} from "../../../../shared/exams.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { DropRule } from "../../../../shared/question-reports.ts";

export type ExamDraft = {
  title: string;
  description: string;
  categoryId: string;
  minutes: string;
  passingMarks: string;
  kind: ExamKind;
  year: string;
  section: ExamSection | "";
  isFree: boolean;
  negative: boolean;
  marksPerQuestion: string;
  penaltyFraction: string;
  dropRule: DropRule;
};

/** The fields the schema checks, in form order. */
export type ExamField =
  | "title"
  | "description"
  | "categoryId"
  | "minutes"
  | "passingMarks"
  | "section"
  | "year"
  | "marksPerQuestion"
  | "penaltyFraction";
export type ExamErrors = Partial<Record<ExamField, string>>;

// The shared schema speaks of the whole form (the spec's toast); next to a field, say what is wrong
// with that field (in English here; the field shows it in the interface language).
const FIELD_MESSAGES: Record<ExamField, string> = {
  title: msg("Enter a title."),
  description: msg("The description is too long (5,000 characters at most)."),
  categoryId: msg("Choose a category."),
  minutes: msg("Enter a time limit of at least 1 minute (24 hours at most)."),
  passingMarks: msg("Enter passing marks between 0 and 100."),
  section: msg("Choose a section."),
  year: msg("Enter a year between 1950 and 2100."),
  marksPerQuestion: msg("Enter marks per question above 0 (100 at most)."),
  penaltyFraction: msg("Choose a penalty."),
};

/** The field a schema issue belongs to: the same name, except where the form holds it otherwise. */
const RENAMED: Record<string, ExamField> = {
  timeLimitSeconds: "minutes",
  negativeMarkFraction: "penaltyFraction",
};
const fieldOf = (path: string): ExamField | undefined =>
  RENAMED[path] ?? (Object.hasOwn(FIELD_MESSAGES, path) ? (path as ExamField) : undefined);

export function toExamInput(draft: ExamDraft): ExamInput {
  const minutes = draft.minutes.trim() === "" ? Number.NaN : Number(draft.minutes);
  return {
    title: draft.title.trim(),
    description: draft.description,
    categoryId: draft.categoryId,
    timeLimitSeconds: Number.isFinite(minutes) ? Math.round(minutes * 60) : Number.NaN,
    passingMarks: draft.passingMarks.trim() === "" ? Number.NaN : Number(draft.passingMarks),
    kind: draft.kind,
    year: draft.year ? Number(draft.year) : null,
    section: draft.section || null,
    isFree: draft.isFree,
    marksPerQuestion: draft.negative ? Number(draft.marksPerQuestion) : null,
    negativeMarkFraction: draft.negative ? Number(draft.penaltyFraction) : null,
    dropRule: draft.dropRule,
  };
}

/**
 * Checks the draft with the shared schema. Returns the input to send, or each invalid field's
 * message and the spec's toast text (the first schema message, e.g. the spec's validation line).
 */
export function validateExamDraft(
  draft: ExamDraft,
): { ok: true; input: ExamInput } | { ok: false; errors: ExamErrors; toast: string } {
  const input = toExamInput(draft);
  const checked = examInputSchema.safeParse(input);
  const errors: ExamErrors = {};
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = fieldOf(String(issue.path[0]));
      // Refinements (pyp year, negative marking pair) carry their own field-level message.
      if (field && !errors[field])
        errors[field] = issue.code === "custom" ? issue.message : FIELD_MESSAGES[field];
    }
  }
  if (!input.title) errors.title = FIELD_MESSAGES.title;
  if (!input.categoryId) errors.categoryId = FIELD_MESSAGES.categoryId;
  if (!(Number(draft.minutes) >= 1)) errors.minutes = FIELD_MESSAGES.minutes;
  if (Object.keys(errors).length === 0 && checked.success) return { ok: true, input };
  const toast = checked.success
    ? EXAM_MESSAGES.validation
    : (checked.error.issues[0]?.message ?? EXAM_MESSAGES.validation);
  return { ok: false, errors, toast };
}

/**
 * The exam form's resolver: each invalid field's message, and under `root` the spec's toast;
 * a valid draft resolves to the input the server takes.
 */
export const examResolver: Resolver<ExamDraft, unknown, ExamInput> = async (draft) => {
  const checked = validateExamDraft(draft);
  if (checked.ok) return { values: checked.input, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(checked.errors).map(([field, message]) => [
      field,
      { type: "validate", message },
    ]),
  );
  return { values: {}, errors: { ...errors, root: { type: "toast", message: checked.toast } } };
};
