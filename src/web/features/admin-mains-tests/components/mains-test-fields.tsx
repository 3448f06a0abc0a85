import {
  NumberField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
} from "@web/components/form/fields.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { instantOfLocal, localOfInstant } from "@web/lib/local-datetime.ts";
import { useTranslation } from "react-i18next";
import { MAINS_PAPER_LABELS, MAINS_PAPERS } from "../../../../shared/mains-papers.ts";
import { mainsTestSchema } from "../../../../shared/mains-test-schemas.ts";
import {
  DEFAULT_DOUBLE_MARK_PERCENT,
  DEFAULT_MAINS_DURATION_MINUTES,
  DEFAULT_MAINS_TURNAROUND_HOURS,
  DEFAULT_UPLOAD_GRACE_MINUTES,
  type EVALUATION_MODES,
} from "../../../../shared/mains-tests.ts";
import type { AdminMainsSeries, AdminMainsTest } from "../api/admin-mains-tests.ts";

/** The test form's fields as typed: numbers and times as text, the choice rule as "1, 1". */
export type MainsTestValues = {
  title: string;
  titleHi: string;
  instructions: string;
  instructionsHi: string;
  paper: string;
  seriesId: string;
  durationMinutes: string;
  uploadGraceMinutes: string;
  opensAt: string;
  closesAt: string;
  isFree: boolean;
  published: boolean;
  sectionChoose: string;
  evaluationMode: string;
  doubleMarkPercent: string;
  turnaroundHours: string;
  resultsAt: string;
};

/** "1, 1" → [1, 1]; blank → null (every question); anything else stays for the schema to refuse. */
function chooseOf(text: string): number[] | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return trimmed.split(/[\s,]+/).map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
}

export const mainsTestResolver = schemaResolver<MainsTestValues, typeof mainsTestSchema>(
  mainsTestSchema,
  (values) => ({
    ...values,
    paper: values.paper as (typeof MAINS_PAPERS)[number],
    evaluationMode: values.evaluationMode as (typeof EVALUATION_MODES)[number],
    seriesId: values.seriesId || null,
    durationMinutes: numberOf(values.durationMinutes),
    uploadGraceMinutes: numberOf(values.uploadGraceMinutes),
    doubleMarkPercent: numberOf(values.doubleMarkPercent),
    turnaroundHours: numberOf(values.turnaroundHours),
    opensAt: instantOfLocal(values.opensAt),
    closesAt: instantOfLocal(values.closesAt),
    resultsAt: instantOfLocal(values.resultsAt) || null,
    sectionChoose: chooseOf(values.sectionChoose),
  }),
);

export function mainsTestValues(test: AdminMainsTest | null): MainsTestValues {
  return {
    title: test?.title ?? "",
    titleHi: test?.titleHi ?? "",
    instructions: test?.instructions ?? "",
    instructionsHi: test?.instructionsHi ?? "",
    paper: test?.paper ?? "gs1",
    seriesId: test?.seriesId ?? "",
    durationMinutes: String(test?.durationMinutes ?? DEFAULT_MAINS_DURATION_MINUTES),
    uploadGraceMinutes: String(test?.uploadGraceMinutes ?? DEFAULT_UPLOAD_GRACE_MINUTES),
    opensAt: test ? localOfInstant(test.opensAt) : "",
    closesAt: test ? localOfInstant(test.closesAt) : "",
    isFree: test?.isFree ?? true,
    published: test?.published ?? false,
    sectionChoose: test?.sectionChoose?.join(", ") ?? "",
    evaluationMode: test?.evaluationMode ?? "booklet",
    doubleMarkPercent: String(test?.doubleMarkPercent ?? DEFAULT_DOUBLE_MARK_PERCENT),
    turnaroundHours: String(test?.turnaroundHours ?? DEFAULT_MAINS_TURNAROUND_HOURS),
    resultsAt: localOfInstant(test?.resultsAt ?? null),
  };
}

/**
 * A Mains test's rules (decision 063): title and instructions (each with its Hindi), the paper,
 * the series, the writing time and upload grace, the window, free or premium, the choice rule,
 * how mentors claim it, the double-marking share, the promised turnaround and the results time.
 * `paperLocked`: students have started it, so the paper and the choice rule stay as they are.
 */
export function MainsTestFields(props: {
  series: readonly AdminMainsSeries[];
  paperLocked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <TextField name="title" label={t("Title")} autoComplete="off" />
      <TextField name="titleHi" label={t("Title (Hindi, optional)")} lang="hi" autoComplete="off" />
      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <SelectField name="paper" label={t("Paper")} disabled={props.paperLocked}>
          {MAINS_PAPERS.map((paper) => (
            <option key={paper} value={paper}>
              {t(MAINS_PAPER_LABELS[paper])}
            </option>
          ))}
        </SelectField>
        <SelectField name="seriesId" label={t("Series")}>
          <option value="">{t("No series")}</option>
          {props.series.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <NumberField
          name="durationMinutes"
          label={t("Writing time (minutes)")}
          min={10}
          max={600}
        />
        <NumberField
          name="uploadGraceMinutes"
          label={t("Upload grace (minutes)")}
          hint={t("After the writing time, to photograph and upload the booklet.")}
          min={0}
          max={240}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <TextField
          name="opensAt"
          type="datetime-local"
          label={t("Window opens")}
          hint={t("In this device's time zone.")}
        />
        <TextField name="closesAt" type="datetime-local" label={t("Window closes")} />
      </div>
      <TextField
        name="sectionChoose"
        label={t("Questions to answer in each section")}
        hint={t(
          "For example 1, 1 for the Essay paper (one topic in each of two sections). Blank: every question.",
        )}
        disabled={props.paperLocked}
        inputMode="numeric"
        autoComplete="off"
      />
      <div className="grid gap-3 sm:grid-cols-3 sm:items-start">
        <SelectField name="evaluationMode" label={t("Evaluation")}>
          <option value="booklet">{t("By booklet")}</option>
          <option value="question">{t("By question")}</option>
        </SelectField>
        <NumberField
          name="doubleMarkPercent"
          label={t("Double-marked (%)")}
          hint={t("Answers marked again, blind, by a second mentor.")}
          min={0}
          max={100}
        />
        <NumberField
          name="turnaroundHours"
          label={t("Turnaround (hours)")}
          hint={t("Results promised within this time of the close.")}
          min={1}
          max={2160}
        />
      </div>
      <TextField
        name="resultsAt"
        type="datetime-local"
        label={t("Results time (optional)")}
        hint={t("Blank: results go out when you publish them.")}
      />
      <TextareaField name="instructions" label={t("Instructions (optional)")} rows={3} />
      <TextareaField
        name="instructionsHi"
        label={t("Instructions (Hindi, optional)")}
        rows={3}
        lang="hi"
      />
      <SwitchField
        name="isFree"
        label={t("Free test")}
        description={t("Off: only students with an active plan can start it.")}
      />
    </div>
  );
}
