import { useQuery } from "@tanstack/react-query";
import {
  NumberField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
} from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { TaxonomyFields } from "@web/components/form/taxonomy-fields.tsx";
import { courseItemOptionsQueryOptions } from "@web/lib/courses.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { type AdminLiveClassRow, useSaveLiveClass } from "@web/lib/live-classes.ts";
import { instantOfLocal, localOfInstant } from "@web/lib/local-datetime.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { liveClassSchema } from "../../../../shared/live-classes.ts";

/** The form's fields as typed: ids or "" for none, the start as the device's local time. */
export type LiveClassValues = {
  title: string;
  titleHi: string;
  teacher: string;
  description: string;
  subjectId: string;
  topicId: string;
  startsAt: string;
  durationMinutes: string;
  joinUrl: string;
  recordingUrl: string;
  recordingVideoId: string;
  isFree: boolean;
};

const resolver = schemaResolver<LiveClassValues, typeof liveClassSchema>(
  liveClassSchema,
  (values) => ({
    ...values,
    subjectId: values.subjectId || null,
    topicId: (values.subjectId && values.topicId) || null,
    startsAt: instantOfLocal(values.startsAt),
    durationMinutes: numberOf(values.durationMinutes),
    recordingUrl: values.recordingUrl.trim() || null,
    recordingVideoId: values.recordingVideoId || null,
  }),
);

export function liveClassValues(row: AdminLiveClassRow | null): LiveClassValues {
  return {
    title: row?.title ?? "",
    titleHi: row?.titleHi ?? "",
    teacher: row?.teacher ?? "",
    description: row?.description ?? "",
    subjectId: row?.subjectId ?? "",
    topicId: row?.topicId ?? "",
    startsAt: row ? localOfInstant(row.startsAt) : "",
    durationMinutes: String(row?.durationMinutes ?? 60),
    joinUrl: row?.joinUrl ?? "",
    recordingUrl: row?.recordingUrl ?? "",
    recordingVideoId: row?.recordingVideoId ?? "",
    isFree: row?.isFree ?? true,
  };
}

/** Or a video lesson uploaded at /admin/videos as the recording (played in the app). */
function RecordingVideoField() {
  const { t } = useTranslation();
  const videos = useQuery(courseItemOptionsQueryOptions("video"));
  return (
    <SelectField
      name="recordingVideoId"
      label={t("Recording video (optional)")}
      hint={t("A lesson uploaded at Manage Videos; students watch it in the app.")}
    >
      <option value="">{t("None")}</option>
      {(videos.data ?? []).map((video) => (
        <option key={video.id} value={video.id}>
          {video.title}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * A live class's form (decision 043): title (and its Hindi), teacher, subject and topic, start
 * and duration, the meeting's join link, free or premium, and after the class its recording.
 */
export function LiveClassDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  liveClass: AdminLiveClassRow | null;
}) {
  const { t } = useTranslation();
  const save = useSaveLiveClass();
  const row = props.liveClass;
  const form = useDialogForm<LiveClassValues, ReturnType<typeof liveClassSchema.parse>>({
    open: props.open,
    resolver,
    values: () => liveClassValues(row),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={row ? t("Edit live class") : t("Schedule live class")}
      className="sm:max-w-2xl"
      form={form}
      submitLabel={t("Save class")}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: row?.id, input });
          notify.success(t("Live class saved"));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving the live class"), errorMessage(error));
        }
      }}
    >
      <TextField name="title" label={t("Title")} autoComplete="off" />
      <TextField name="titleHi" label={t("Title (Hindi, optional)")} lang="hi" autoComplete="off" />
      <TextField name="teacher" label={t("Teacher")} autoComplete="off" />
      <TaxonomyFields />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name="startsAt"
          type="datetime-local"
          label={t("Starts at")}
          hint={t("In this device's time zone.")}
        />
        <NumberField name="durationMinutes" label={t("Duration (minutes)")} min={10} max={480} />
      </div>
      <TextField
        name="joinUrl"
        type="url"
        inputMode="url"
        label={t("Join link")}
        hint={t("The meeting's https:// link (Zoom, Google Meet, YouTube Live...).")}
      />
      <TextareaField name="description" label={t("Description (optional)")} rows={3} />
      <TextField
        name="recordingUrl"
        type="url"
        inputMode="url"
        label={t("Recording link (optional)")}
        hint={t("After the class: students who may open it see Watch recording.")}
      />
      <RecordingVideoField />
      <SwitchField
        name="isFree"
        label={t("Free class")}
        description={t("Off: only students with an active plan can join and watch it.")}
      />
    </FormDialog>
  );
}
