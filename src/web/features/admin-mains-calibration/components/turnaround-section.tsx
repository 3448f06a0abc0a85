import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { formatDateTime, formatNumber } from "@web/lib/format.ts";
import { formatHours } from "@web/lib/time-left.ts";
import { useTranslation } from "react-i18next";
import type { Calibration } from "../api/calibration.ts";
import { Figure } from "./agreement-figures.tsx";

/**
 * Turnaround against the promise (decision 063): p50 and p90 hours from submission to evaluation,
 * the booklets evaluated late or still waiting past their date; per mentor, submission to their
 * marking.
 */
export function TurnaroundSection(props: {
  turnaround: Calibration["turnaround"];
  turnaroundHours: number;
}) {
  const { t } = useTranslation();
  const { test, mentors } = props.turnaround;
  const promised =
    test.lastDueAt === null
      ? t("Within {{hours}} h of the close or submission", { hours: props.turnaroundHours })
      : test.firstDueAt === test.lastDueAt
        ? formatDateTime(test.lastDueAt)
        : t("{{first}} to {{last}}", {
            first: formatDateTime(test.firstDueAt),
            last: formatDateTime(test.lastDueAt),
          });
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure
          label={t("Promised results")}
          value={formatHours(props.turnaroundHours)}
          detail={promised}
        />
        <Figure
          label={t("Median (p50)")}
          value={formatHours(test.p50Hours)}
          detail={t("Submission to evaluation")}
        />
        <Figure
          label={t("90th percentile (p90)")}
          value={formatHours(test.p90Hours)}
          detail={t("{{evaluated}} of {{booklets}} booklets evaluated", {
            evaluated: formatNumber(test.evaluated),
            booklets: formatNumber(test.booklets),
          })}
        />
        <Figure
          label={t("Late")}
          value={formatNumber(test.late)}
          detail={t("{{late}} evaluated late, {{overdue}} waiting past the date", {
            late: formatNumber(test.lateEvaluated),
            overdue: formatNumber(test.overduePending),
          })}
        />
      </dl>
      {mentors.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("No marking yet.")}</p>
      ) : (
        <Table stackOnPhones>
          <caption className="sr-only">{t("Turnaround by mentor")}</caption>
          <TableHeader>
            <TableRow>
              <TableHead>{t("Mentor")}</TableHead>
              <TableHead className="text-right">{t("Markings")}</TableHead>
              <TableHead className="text-right">{t("Median (p50)")}</TableHead>
              <TableHead className="text-right">{t("90th percentile (p90)")}</TableHead>
              <TableHead className="text-right">{t("After the promised date")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {mentors.map((row) => (
              <TableRow key={row.mentorId}>
                <TableCell label={t("Mentor")} className="font-medium">
                  <span lang={contentLang(row.name ?? "")}>{row.name ?? t("Former mentor")}</span>
                </TableCell>
                <TableCell label={t("Markings")} className="text-right tabular-nums">
                  {formatNumber(row.markings)}
                </TableCell>
                <TableCell label={t("Median (p50)")} className="text-right tabular-nums">
                  {formatHours(row.p50Hours)}
                </TableCell>
                <TableCell label={t("90th percentile (p90)")} className="text-right tabular-nums">
                  {formatHours(row.p90Hours)}
                </TableCell>
                <TableCell
                  label={t("After the promised date")}
                  className={
                    row.late > 0
                      ? "text-right font-semibold text-destructive tabular-nums"
                      : "text-right tabular-nums"
                  }
                >
                  {formatNumber(row.late)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
