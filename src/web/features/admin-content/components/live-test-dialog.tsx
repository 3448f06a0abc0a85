import { NumberField, SelectField, TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { instantOfLocal, localOfInstant } from "@web/lib/local-datetime.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { liveTestInputSchema } from "../../../../shared/live-test-schemas.ts";
import { LIVE_ENTRY_MINUTES_DEFAULT } from "../../../../shared/live-tests.ts";
import { useExamOptions } from "../api/exams.ts";
import { type AdminLiveTestRow, useSaveLiveTest } from "../api/live-tests.ts";

/** The form's fields as typed: the times as the device's local time, "" for none. */
type LiveTestValues = {
  examId: string;
  opensAt: string;
  entryMinutes: string;
  durationMinutes: string;
  resultsAt: string;
};

const resolver = schemaResolver<LiveTestValues, typeof liveTestInputSchema>(
  liveTestInputSchema,
  (values) => ({
    examId: values.examId,
    opensAt: instantOfLocal(values.opensAt),
    entryMinutes: numberOf(values.entryMinutes),
    durationMinutes: values.durationMinutes.trim() ? numberOf(values.durationMinutes) : null,
    resultsAt: values.resultsAt ? instantOfLocal(values.resultsAt) : null,
  }),
);

/**
 * Schedules an exam as an All-India live test (decision 047): when entry opens, for how long, the
 * duration (the exam's time limit when left empty) and when results are published (the close
 * when left empty). A test that has opened can no longer be changed.
 */
export function LiveTestDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  liveTest: AdminLiveTestRow | null;
}) {
  const { t } = useTranslation();
  const save = useSaveLiveTest();
  const exams = useExamOptions();
  const row = props.liveTest;
  const form = useDialogForm<LiveTestValues, ReturnType<typeof liveTestInputSchema.parse>>({
    open: props.open,
    resolver,
    values: () => ({
      examId: row?.examId ?? "",
      opensAt: localOfInstant(row?.opensAt ?? null),
      entryMinutes: String(row?.entryMinutes ?? LIVE_ENTRY_MINUTES_DEFAULT),
      durationMinutes: row ? String(row.durationMinutes) : "",
      resultsAt: localOfInstant(row?.resultsAt ?? null),
    }),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={row ? t("Edit live test") : t("Schedule live test")}
      className="sm:max-w-2xl"
      form={form}
      submitLabel={t("Save live test")}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: row?.examId, input });
          notify.success(t("Live test saved"));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving the live test"), errorMessage(error));
        }
      }}
    >
      <SelectField name="examId" label={t("Exam")} required disabled={row !== null}>
        <option value="">{t("Select an exam")}</option>
        {(exams.data ?? []).map((exam) => (
          <option key={exam.id} value={exam.id}>
            {exam.title}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name="opensAt"
          type="datetime-local"
          label={t("Opens at")}
          hint={t("In this device's time zone.")}
        />
        <NumberField
          name="entryMinutes"
          label={t("Entry window (minutes)")}
          hint={t("Students start at staggered times within its first minutes.")}
          min={1}
          max={240}
        />
        <NumberField
          name="durationMinutes"
          label={t("Duration (minutes, optional)")}
          hint={t("Empty: the exam's time limit.")}
          min={1}
          max={600}
        />
        <TextField
          name="resultsAt"
          type="datetime-local"
          label={t("Results published at (optional)")}
          hint={t("Empty: at the close.")}
        />
      </div>
    </FormDialog>
  );
}
