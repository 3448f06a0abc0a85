import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Select } from "@web/components/ui/select.tsx";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { UNTAGGED } from "../../../../shared/taxonomy.ts";
import type { SubjectOption } from "../api/subjects.ts";
import { DifficultyOptions, NamedOptions, topicsOf } from "./question-tag-fields.tsx";

/** A list filter: a select named for screen readers (its first option says what it shows). */
export function FilterSelect({
  id,
  label,
  ...select
}: { id: string; label: string } & Omit<ComponentProps<typeof Select>, "id">) {
  return (
    <div>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Select id={id} {...select} />
    </div>
  );
}

/** The question list's tag filters as the fields hold them ("" for any; the year as typed). */
export type TagFilter = { subjectId: string; topicId: string; difficulty: string; year: string };

export const ANY_TAGS: TagFilter = { subjectId: "", topicId: "", difficulty: "", year: "" };

/** Subject (or untagged), topic of that subject, difficulty and previous-year paper's year. */
export function QuestionTagFilters(props: {
  value: TagFilter;
  onChange: (update: (filter: TagFilter) => TagFilter) => void;
  subjects: SubjectOption[];
}) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const topics =
    value.subjectId && value.subjectId !== UNTAGGED
      ? topicsOf(props.subjects, value.subjectId)
      : [];
  return (
    <fieldset className="grid gap-3 sm:grid-cols-4">
      <legend className="sr-only">{t("Filter by tags")}</legend>
      <FilterSelect
        id="question-subject-filter"
        label={t("Filter by subject")}
        value={value.subjectId}
        onChange={(e) => onChange((f) => ({ ...f, subjectId: e.target.value, topicId: "" }))}
      >
        <option value="">{t("All Subjects")}</option>
        <option value={UNTAGGED}>{t("Untagged")}</option>
        <NamedOptions items={props.subjects} />
      </FilterSelect>
      <FilterSelect
        id="question-topic-filter"
        label={t("Filter by topic")}
        value={value.topicId}
        disabled={topics.length === 0}
        onChange={(e) => onChange((f) => ({ ...f, topicId: e.target.value }))}
      >
        <option value="">{t("All Topics")}</option>
        <NamedOptions items={topics} />
      </FilterSelect>
      <FilterSelect
        id="question-difficulty-filter"
        label={t("Filter by difficulty")}
        value={value.difficulty}
        onChange={(e) => onChange((f) => ({ ...f, difficulty: e.target.value }))}
      >
        <option value="">{t("All Difficulties")}</option>
        <DifficultyOptions />
      </FilterSelect>
      <div>
        <Label htmlFor="question-year-filter" className="sr-only">
          {t("Filter by year")}
        </Label>
        <Input
          id="question-year-filter"
          type="number"
          inputMode="numeric"
          placeholder={t("Any year")}
          value={value.year}
          onChange={(e) => onChange((f) => ({ ...f, year: e.target.value }))}
        />
      </div>
    </fieldset>
  );
}
