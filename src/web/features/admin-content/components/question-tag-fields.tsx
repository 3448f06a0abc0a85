import { NumberField, SelectField } from "@web/components/form/fields.tsx";
import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  PYQ_YEAR_MAX,
  PYQ_YEAR_MESSAGE,
  PYQ_YEAR_MIN,
  pyqYearSchema,
  QUESTION_DIFFICULTIES,
  QUESTION_DIFFICULTY_LABELS,
  type QuestionDifficulty,
} from "../../../../shared/taxonomy.ts";
import { type SubjectOption, useSubjectOptions } from "../api/subjects.ts";

/** The question form's tags as the fields hold them (ids, or "" for none; the year as typed). */
export type TagDraft = { subjectId: string; topicId: string; difficulty: string; pyqYear: string };

export const emptyTags = (): TagDraft => ({
  subjectId: "",
  topicId: "",
  difficulty: "",
  pyqYear: "",
});

/** The tags to send, or the year field's message. */
export function tagInput(draft: TagDraft):
  | {
      ok: true;
      tags: {
        subjectId: string | null;
        topicId: string | null;
        difficulty: QuestionDifficulty | null;
        pyqYear: number | null;
      };
    }
  | { ok: false; yearError: string } {
  const year = draft.pyqYear.trim();
  let pyqYear: number | null = null;
  if (year) {
    const parsed = pyqYearSchema.safeParse(Number(year));
    if (!parsed.success) {
      return { ok: false, yearError: PYQ_YEAR_MESSAGE };
    }
    pyqYear = parsed.data;
  }
  return {
    ok: true,
    tags: {
      subjectId: draft.subjectId || null,
      topicId: (draft.subjectId && draft.topicId) || null,
      difficulty: (draft.difficulty || null) as QuestionDifficulty | null,
      pyqYear,
    },
  };
}

/** The `<option>`s of subjects or topics, by name. */
export function NamedOptions(props: { items: { id: string; name: string }[] }) {
  return props.items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}

/** The `<option>`s of the three difficulties, with their labels. */
export function DifficultyOptions() {
  const { t } = useTranslation();
  return QUESTION_DIFFICULTIES.map((d) => (
    <option key={d} value={d}>
      {t(QUESTION_DIFFICULTY_LABELS[d])}
    </option>
  ));
}

/** The subject's topics (none without a subject). */
export function topicsOf(subjects: SubjectOption[], subjectId: string) {
  return subjects.find((s) => s.id === subjectId)?.topics ?? [];
}

/**
 * Subject, topic (only the chosen subject's; cleared when the subject changes to one without it),
 * difficulty and previous-year paper's year. `prefix` is where the draft sits in the form.
 */
export function QuestionTagFields(props: { prefix: string }) {
  const { t } = useTranslation();
  const subjects = useSubjectOptions().data ?? [];
  const { setValue, getValues } = useFormContext();
  const subjectId = (useWatch({ name: `${props.prefix}.subjectId` }) as string) ?? "";
  const topics = topicsOf(subjects, subjectId);
  useEffect(() => {
    const topicId = getValues(`${props.prefix}.topicId`) as string;
    if (topicId && subjects.length > 0 && !topics.some((t) => t.id === topicId)) {
      setValue(`${props.prefix}.topicId`, "");
    }
  }, [topics, subjects.length, getValues, setValue, props.prefix]);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField name={`${props.prefix}.subjectId`} label={t("Subject (optional)")}>
        <option value="">{t("No subject")}</option>
        <NamedOptions items={subjects} />
      </SelectField>
      <SelectField
        name={`${props.prefix}.topicId`}
        label={t("Topic (optional)")}
        disabled={!subjectId}
        hint={subjectId ? undefined : t("Choose a subject first.")}
      >
        <option value="">{t("No topic")}</option>
        <NamedOptions items={topics} />
      </SelectField>
      <SelectField name={`${props.prefix}.difficulty`} label={t("Difficulty (optional)")}>
        <option value="">{t("Not set")}</option>
        <DifficultyOptions />
      </SelectField>
      <NumberField
        name={`${props.prefix}.pyqYear`}
        label={t("Previous-year paper's year (optional)")}
        min={PYQ_YEAR_MIN}
        max={PYQ_YEAR_MAX}
      />
    </div>
  );
}
