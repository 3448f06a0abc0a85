import { PageSection } from "@web/components/layout/page-section.tsx";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { useDisclosure } from "@web/hooks/use-disclosure.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { formatDate, formatDateTime } from "@web/lib/format.ts";
import { formatTimeLeft, secondsUntil } from "@web/lib/time-left.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MAINS_PAPER_LABELS } from "../../../../shared/evaluation.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  ADMIN_COPY_FILTERS,
  type AdminCopy,
  type AdminCopyFilter,
  adminCopiesQueryOptions,
  useEvaluationSettings,
  useEvaluationSummary,
} from "../api/evaluations.ts";
import { EvaluationSettingsForm } from "../components/evaluation-settings-form.tsx";
import { MentorTurnaroundTable, SummaryFigures } from "../components/evaluation-summary.tsx";
import { ReassignDialog } from "../components/reassign-dialog.tsx";
import { RubricEditor } from "../components/rubric-editor.tsx";

const FILTER_LABELS: Record<AdminCopyFilter, string> = {
  pending: msg("Pending"),
  overdue: msg("Overdue"),
  evaluated: msg("Evaluated"),
};

const EMPTY: Record<AdminCopyFilter, { title: string; text: string }> = {
  pending: {
    title: msg("No copy is waiting."),
    text: msg("Copies students submit wait here until a mentor evaluates them."),
  },
  overdue: {
    title: msg("No copy is overdue."),
    text: msg("Every waiting copy is within the promised time."),
  },
  evaluated: {
    title: msg("No copy evaluated yet."),
    text: msg("Published evaluations appear here, newest first."),
  },
};

const STAGE_LABELS: Record<string, string> = {
  submitted: msg("Submitted"),
  in_evaluation: msg("In evaluation"),
  evaluated: msg("Evaluated"),
};

/** The figures at the top: counts, turnaround, and each mentor's. */
function Overview() {
  const { t } = useTranslation();
  const summary = useEvaluationSummary();
  return (
    <QueryContent
      query={summary}
      loadingLabel={t("Loading the summary...")}
      errorTitle={t("Error loading the evaluation summary")}
    >
      {(data) => (
        <div className="grid gap-6">
          <SummaryFigures summary={data} />
          <PageSection title={t("Turnaround by mentor")}>
            <MentorTurnaroundTable mentors={data.mentors} />
          </PageSection>
        </div>
      )}
    </QueryContent>
  );
}

function Settings() {
  const { t } = useTranslation();
  const settings = useEvaluationSettings();
  return (
    <QueryContent
      query={settings}
      loadingLabel={t("Loading settings...")}
      errorTitle={t("Error loading the evaluation settings")}
    >
      {(config) => (
        <div className="grid gap-6">
          <PageSection title={t("Settings")}>
            <Card className="p-4 sm:p-5">
              <EvaluationSettingsForm config={config} />
            </Card>
          </PageSection>
          <PageSection title={t("Rubrics")}>
            <Card className="p-4 sm:p-5">
              <RubricEditor rubrics={config.rubrics} />
            </Card>
          </PageSection>
        </div>
      )}
    </QueryContent>
  );
}

/**
 * /admin/evaluations (decision 042): pending, overdue and evaluated counts, turnaround overall and
 * per mentor with their ratings; the copies in each state, where a copy not yet evaluated can be
 * reassigned; the settings and the rubric per paper.
 */
export function AdminEvaluationsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AdminCopyFilter>("pending");
  const reassigning = useDisclosure<AdminCopy>();
  return (
    <ResourceList
      title={t("Evaluations")}
      description={t("Mentors' evaluations of Mains answers, against the promised turnaround.")}
      notice={
        <div className="grid gap-6">
          <Overview />
          <div className="grid gap-3">
            <h2 className="text-lg font-semibold">{t("Answer copies")}</h2>
            {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
            <div role="group" aria-label={t("Show copies")} className="flex flex-wrap gap-2">
              {ADMIN_COPY_FILTERS.map((filter) => (
                <Button
                  key={filter}
                  type="button"
                  size="sm"
                  variant={status === filter ? "default" : "outline"}
                  aria-pressed={status === filter}
                  onClick={() => setStatus(filter)}
                >
                  {t(FILTER_LABELS[filter])}
                </Button>
              ))}
            </div>
          </div>
        </div>
      }
      filterKey={status === "pending" ? undefined : status}
      query={adminCopiesQueryOptions(status)}
      loadingLabel={t("Loading answer copies...")}
      errorTitle={t("Error loading answer copies")}
      empty={{
        title: t(EMPTY[status].title),
        description: t(EMPTY[status].text),
        filtered: t(EMPTY[status].text),
      }}
      columns={[
        {
          header: t("Student"),
          className: "font-medium",
          cell: (c) => <span lang={contentLang(c.studentName)}>{c.studentName}</span>,
        },
        {
          header: t("Question"),
          className: "min-w-56",
          cell: (c) => (
            <span lang={contentLang(c.questionText)} className="line-clamp-2">
              {c.questionText}
            </span>
          ),
        },
        { header: t("Paper"), cell: (c) => t(MAINS_PAPER_LABELS[c.paper]) },
        {
          header: t("Submitted"),
          className: "whitespace-nowrap",
          cell: (c) => formatDate(c.submittedAt),
        },
        {
          header: status === "evaluated" ? t("Evaluated") : t("Due"),
          cell: (c) =>
            c.stage === "evaluated" ? (
              formatDateTime(c.evaluatedAt)
            ) : (
              <span className="grid gap-1">
                <span>{formatDateTime(c.dueAt)}</span>
                {c.overdue ? (
                  <Badge variant="destructive" className="justify-self-start">
                    {formatTimeLeft(secondsUntil(c.dueAt))}
                  </Badge>
                ) : null}
              </span>
            ),
        },
        {
          header: t("Stage"),
          cell: (c) => t(STAGE_LABELS[c.stage] ?? c.stage),
        },
        {
          header: t("Mentor"),
          cell: (c) =>
            c.mentorName ? <span lang={contentLang(c.mentorName)}>{c.mentorName}</span> : "—",
        },
        {
          header: t("Marks"),
          cell: (c) =>
            c.marks === null ? "—" : t("{{marks}} / {{outOf}}", { marks: c.marks, outOf: c.outOf }),
        },
        { header: t("Rating"), cell: (c) => (c.rating === null ? "—" : `${c.rating}/5`) },
      ]}
      rowActions={(c) =>
        c.stage === "evaluated" ? null : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={t("Reassign the copy of {{name}}", { name: c.studentName })}
            onClick={() => reassigning.open(c)}
          >
            {t("Reassign")}
          </Button>
        )
      }
    >
      <ReassignDialog
        open={reassigning.isOpen}
        onOpenChange={reassigning.onOpenChange}
        copy={reassigning.subject}
      />
      <Settings />
    </ResourceList>
  );
}
