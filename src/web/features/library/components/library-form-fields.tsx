import { DateField, SwitchField } from "@web/components/form/fields.tsx";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";

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
