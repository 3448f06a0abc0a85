import { PageHeader } from "@web/components/layout/page-header.tsx";
import type { MyReport } from "@web/components/question-report/report-api.ts";
import { ReportStatusBadge } from "@web/components/question-report/report-status-badge.tsx";
import { QuestionText } from "@web/components/rich-text/rich-text.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { contentLang, usePickText } from "@web/lib/content-language.ts";
import { formatDate } from "@web/lib/format.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { KEY_HOLD_TEXT } from "../../../../shared/key-gate.ts";
import { REPORT_REASON_LABELS } from "../../../../shared/question-reports.ts";
import { MY_REPORTS_PAGE_SIZE, useMyReports } from "../api/my-reports.ts";

/**
 * /student/question-reports, "My error reports" (decision 064): each report the student made,
 * its state and the admin's reply, and the paper's key-change log when the key changed or the
 * question was dropped. The `reportAnswered` message links here.
 */
export function MyReportsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const reports = useMyReports(page);
  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 py-6">
      <PageHeader
        title={t("My error reports")}
        description={t(
          "The errors you reported in questions, and what an admin decided. If a key changes, every attempt is graded again.",
        )}
        backTo="/results"
        backLabel={t("Back to Results")}
      />
      <QueryContent
        query={reports}
        loadingLabel={t("Loading your reports...")}
        errorTitle={t("Error loading your reports")}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={t("You have not reported any question.")}
            description={t(
              "Review a completed test and use “Report an error” under a question you think is wrong.",
            )}
          />
        }
      >
        {(data) => (
          <>
            <ul className="grid gap-3" aria-busy={reports.isFetching}>
              {data.items.map((report) => (
                <ReportCard key={report.id} report={report} />
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={MY_REPORTS_PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryContent>
    </div>
  );
}

function ReportCard({ report }: { report: MyReport }) {
  const { t } = useTranslation();
  const pick = usePickText();
  const paper = pick(report.paper.title, report.paper.titleHi);
  const question = report.questionText ? pick(report.questionText, report.questionTextHi) : null;
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-background p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold" lang={paper.lang}>
          {paper.text}
        </p>
        <ReportStatusBadge status={report.status} />
      </div>
      {question ? (
        <div lang={question.lang}>
          <QuestionText
            text={question.text}
            className="line-clamp-3 text-sm text-muted-foreground"
          />
        </div>
      ) : report.keyHold ? (
        <p className="text-sm text-muted-foreground">{t(KEY_HOLD_TEXT[report.keyHold])}</p>
      ) : null}
      <p className="text-sm">
        <span className="font-medium">{t(REPORT_REASON_LABELS[report.reason])}</span>
        {" · "}
        <span className="text-muted-foreground">
          {t("Reported on {{date}}", { date: formatDate(report.createdAt) })}
        </span>
      </p>
      {report.note ? (
        <p className="whitespace-pre-line text-sm" lang={contentLang(report.note)}>
          {report.note}
        </p>
      ) : null}
      {report.reply ? (
        <div className="grid gap-1 rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
          <p className="font-semibold">
            {t("The admin's reply ({{date}})", { date: formatDate(report.resolvedAt) })}
          </p>
          <p className="whitespace-pre-line" lang={contentLang(report.reply)}>
            {report.reply}
          </p>
        </div>
      ) : report.status === "open" ? (
        <p className="text-sm text-muted-foreground">
          {t("Waiting for an admin. You will be told when it is answered.")}
        </p>
      ) : null}
      {report.keyChangesUrl ? (
        <Link
          to={report.keyChangesUrl}
          className="justify-self-start text-sm font-medium text-primary underline"
        >
          {t("See the paper's key changes")}
        </Link>
      ) : null}
    </li>
  );
}
