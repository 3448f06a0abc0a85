import { DateField, SelectField, SwitchField } from "@web/components/form/fields.tsx";
import { topicsOf, useSubjectOptions } from "@web/lib/subject-options.ts";
import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";

/** Subject and topic from the taxonomy: only the chosen subject's topics, cleared with it. */
export function TaxonomyFields(props: { subjectOptional: boolean }) {
  const { t } = useTranslation();
  const subjects = useSubjectOptions().data ?? [];
  const { getValues, setValue } = useFormContext<{ subjectId: string; topicId: string }>();
  const subjectId = useWatch<{ subjectId: string }, "subjectId">({ name: "subjectId" }) ?? "";
  const topics = topicsOf(subjects, subjectId);
  useEffect(() => {
    const topicId = getValues("topicId");
    if (topicId && subjects.length > 0 && !topics.some((topic) => topic.id === topicId)) {
      setValue("topicId", "");
    }
  }, [topics, subjects.length, getValues, setValue]);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        name="subjectId"
        label={props.subjectOptional ? t("Subject (optional)") : t("Subject")}
      >
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

/** Free or premium, and publication (a draft until published; from a date on). */
export function AccessAndPublishFields() {
  const { t } = useTranslation();
  const published = useWatch<{ published: boolean }, "published">({ name: "published" });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SwitchField
        name="isFree"
        label={t("Free")}
        description={t("Off: premium, for students with an active plan.")}
      />
      <div className="grid gap-2">
        <SwitchField
          name="published"
          label={t("Published")}
          description={t("Off: a draft only admins see.")}
        />
        {published ? <DateField name="publishDate" label={t("Publish date")} /> : null}
      </div>
    </div>
  );
}

/** Today on this device's calendar, as the date input writes it. */
export function todayInput() {
  return new Date().toLocaleDateString("en-CA");
}

/** A publish date as the API takes it: the start of that day on this device, or null. */
export function publishedAtOf(values: { published: boolean; publishDate: string }) {
  if (!values.published) return null;
  const date = values.publishDate || todayInput();
  return new Date(`${date}T00:00:00`).toISOString();
}

/** A stored publication time as the form's switch and date. */
export function publishValues(publishedAt: string | null | undefined) {
  return publishedAt
    ? { published: true, publishDate: new Date(publishedAt).toLocaleDateString("en-CA") }
    : { published: false, publishDate: todayInput() };
}
