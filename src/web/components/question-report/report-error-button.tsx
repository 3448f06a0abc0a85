import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { formatDate } from "@web/lib/format.ts";
import { Flag } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MY_REPORTS_PATH } from "../../../shared/question-reports.ts";
import { type MyReport, useReportState } from "./report-api.ts";
import { ReportDialog } from "./report-dialog.tsx";
import { ReportStatusBadge } from "./report-status-badge.tsx";

/**
 * "Report an error" under a reviewed question whose key the student may see (decision 064):
 * the button and its dialog, or, once reported, the report's state ("Reported"; the admin's
 * reply and a link to the key-change log once answered, with "Report again").
 */
export function ReportErrorButton({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const state = useReportState(questionId);
  const [open, setOpen] = useState(false);
  const button = (again: boolean) => (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" />
        {again ? t("Report again") : t("Report an error")}
      </Button>
      <ReportDialog questionId={questionId} open={open} onOpenChange={setOpen} />
    </>
  );
  return (
    <QueryContent
      query={state}
      loading={null}
      // The state could not be read: reporting still works (a second open report is refused).
      error={() => button(false)}
    >
      {(report) =>
        report ? <ReportState report={report} reportAgain={button(true)} /> : button(false)
      }
    </QueryContent>
  );
}

function ReportState(props: { report: MyReport; reportAgain: ReactNode }) {
  const { t } = useTranslation();
  const { report } = props;
  if (report.status === "open") {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <ReportStatusBadge status="open" />
        <span>
          {t("You reported this question on {{date}}. You will be told when it is answered.", {
            date: formatDate(report.createdAt),
          })}
        </span>
        <Link to={MY_REPORTS_PATH} className="font-medium text-primary underline">
          {t("My error reports")}
        </Link>
      </p>
    );
  }
  return (
    <div className="grid w-full gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <ReportStatusBadge status={report.status} />
        <span className="text-muted-foreground">
          {t("Your report was answered on {{date}}.", { date: formatDate(report.resolvedAt) })}
        </span>
      </p>
      {report.reply ? <p className="whitespace-pre-line">{report.reply}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        {report.keyChangesUrl ? (
          <Link to={report.keyChangesUrl} className="font-medium text-primary underline">
            {t("See the key changes")}
          </Link>
        ) : null}
        {props.reportAgain}
      </div>
    </div>
  );
}
