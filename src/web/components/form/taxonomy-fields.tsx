import { SelectField } from "@web/components/form/fields.tsx";
import { topicsOf, useSubjectOptions } from "@web/lib/subject-options.ts";
import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";

type TaxonomyValues = { subjectId: string; topicId: string };

/**
 * Subject and topic from the taxonomy, for any form holding `subjectId` and `topicId` as text
 * ("" for none): only the chosen subject's topics are offered, and the topic is cleared with it.
 */
export function TaxonomyFields(props: { optional?: boolean } = {}) {
  const { t } = useTranslation();
  const subjects = useSubjectOptions().data ?? [];
  const { getValues, setValue } = useFormContext<TaxonomyValues>();
  const subjectId = useWatch<TaxonomyValues, "subjectId">({ name: "subjectId" }) ?? "";
  const topics = topicsOf(subjects, subjectId);
  useEffect(() => {
    const topicId = getValues("topicId");
    if (topicId && subjects.length > 0 && !topics.some((topic) => topic.id === topicId)) {
      setValue("topicId", "");
    }
  }, [topics, subjects.length, getValues, setValue]);
  const optional = props.optional ?? true;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField name="subjectId" label={optional ? t("Subject (optional)") : t("Subject")}>
        <option value="">{t("No subject")}</option>
        {subjects.map((subject) => (
          <option key={subject.id} value={subject.id}>
            {subject.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="topicId"
        label={t("Topic (optional)")}
        disabled={!subjectId}
        hint={subjectId ? undefined : t("Choose a subject first.")}
      >
        <option value="">{t("No topic")}</option>
        {topics.map((topic) => (
          <option key={topic.id} value={topic.id}>
            {topic.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
