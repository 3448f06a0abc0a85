import { PageHeader } from "@web/components/layout/page-header.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { formatDateTime } from "@web/lib/format.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { MAINS_PAPER_LABELS } from "../../../../shared/mains-papers.ts";
import { type Calibration, useCalibration, useModeration } from "../api/calibration.ts";
import { AgreementFigures, formatDifference } from "../components/agreement-figures.tsx";
import { CorrectionForm } from "../components/correction-form.tsx";
import { MentorAgreementTable } from "../components/mentor-agreement-table.tsx";
import { MethodNote } from "../components/method-note.tsx";
import { TurnaroundSection } from "../components/turnaround-section.tsx";

function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-labelledby={props.id}>
      <h2 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

function CalibrationView({ testId, data }: { testId: string; data: Calibration }) {
  const { t } = useTranslation();
  const moderation = useModeration(testId);
  const closed = data.test.resultsPublishedAt !== null;
  return (
    <div className="grid gap-8">
      <Section id="calibration-agreement" title={t("Agreement between examiners")}>
        <AgreementFigures figures={data.agreement} />
      </Section>
      <Section id="calibration-mentors" title={t("Mentors and moderation")}>
        <p className="text-sm text-muted-foreground">
          {closed
            ? t("Results were published on {{date}}: moderation is closed.", {
                date: formatDateTime(data.test.resultsPublishedAt),
              })
            : t(
                "A correction is added to each of the mentor's marks in this test when results are computed. The suggestion is only a suggestion: you decide.",
              )}
        </p>
        {data.mentors.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("No marking yet.")}</p>
        ) : (
          <MentorAgreementTable
            mentors={data.mentors}
            caption={t("Agreement and moderation by mentor")}
            moderation={{
              suggested: (row) => formatDifference(row.suggestedCorrection),
              correction: (row) => (
                <CorrectionForm mentor={row} moderation={moderation} closed={closed} />
              ),
            }}
          />
        )}
      </Section>
      <Section id="calibration-turnaround" title={t("Turnaround")}>
        <TurnaroundSection
          turnaround={data.turnaround}
          turnaroundHours={data.test.turnaroundHours}
        />
      </Section>
      <MethodNote />
    </div>
  );
}

/**
 * /admin/mains-tests/:testId/calibration, "Marking calibration" (decision 063): how far the
 * test's examiners agree (kappa and mean difference, overall and per mentor with flags and a
 * suggested correction), each mentor's correction with Apply and Clear, and turnaround.
 */
export function MarkingCalibrationPage() {
  const { t } = useTranslation();
  const pick = usePickText();
  const testId = useParams().testId ?? "";
  const calibration = useCalibration(testId);
  const test = calibration.data?.test;
  const title = test ? pick(test.title, test.titleHi) : null;
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6">
      <PageHeader
        title={t("Marking calibration")}
        description={
          title && test ? (
            <>
              <span lang={title.lang}>{title.text}</span> · {t(MAINS_PAPER_LABELS[test.paper])}
            </>
          ) : undefined
        }
        backTo="/admin/mains-calibration"
        backLabel={t("Back to Examiner agreement")}
      />
      <QueryContent
        query={calibration}
        loadingLabel={t("Loading the calibration...")}
        errorTitle={t("Error loading the marking calibration")}
      >
        {(data) => <CalibrationView testId={testId} data={data} />}
      </QueryContent>
    </div>
  );
}
