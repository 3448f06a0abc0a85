import { Card } from "@web/components/ui/card.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { formatNumber } from "@web/lib/format.ts";
import { formatHours } from "@web/lib/time-left.ts";
import { useTranslation } from "react-i18next";
import type { EvaluationSummary } from "../api/evaluations.ts";

function Figure(props: { label: string; value: string; detail?: string; alert?: boolean }) {
  return (
    <Card className="grid gap-1 p-4">
      <dt className="text-sm text-muted-foreground">{props.label}</dt>
      <dd className={props.alert ? "text-2xl font-bold text-destructive" : "text-2xl font-bold"}>
        {props.value}
      </dd>
      {props.detail ? <dd className="text-xs text-muted-foreground">{props.detail}</dd> : null}
    </Card>
  );
}

/** The counts and turnaround overall (decision 042). */
export function SummaryFigures({ summary }: { summary: EvaluationSummary }) {
  const { t } = useTranslation();
  const onTimePercent =
    summary.evaluated > 0 ? `${Math.round((summary.onTime / summary.evaluated) * 100)}%` : "—";
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
      <Figure label={t("Pending")} value={formatNumber(summary.pending)} />
      <Figure
        label={t("Overdue")}
        value={formatNumber(summary.overdue)}
        alert={summary.overdue > 0}
      />
      <Figure label={t("Evaluated")} value={formatNumber(summary.evaluated)} />
      <Figure label={t("Average turnaround")} value={formatHours(summary.averageHours)} />
      <Figure label={t("90th percentile turnaround")} value={formatHours(summary.p90Hours)} />
      <Figure
        label={t("On time")}
        value={onTimePercent}
        detail={t("{{onTime}} of {{evaluated}} evaluated copies", {
          onTime: formatNumber(summary.onTime),
          evaluated: formatNumber(summary.evaluated),
        })}
      />
    </dl>
  );
}

/** Each mentor's evaluations, turnaround and ratings. */
export function MentorTurnaroundTable({ mentors }: { mentors: EvaluationSummary["mentors"] }) {
  const { t } = useTranslation();
  if (mentors.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("No copies evaluated yet.")}</p>;
  }
  return (
    <Table stackOnPhones>
      <TableHeader>
        <TableRow>
          <TableHead>{t("Mentor")}</TableHead>
          <TableHead>{t("Evaluated")}</TableHead>
          <TableHead>{t("Average turnaround")}</TableHead>
          <TableHead>{t("90th percentile")}</TableHead>
          <TableHead>{t("Average rating")}</TableHead>
          <TableHead>{t("Ratings")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {mentors.map((mentor) => (
          <TableRow key={mentor.mentorId ?? mentor.name}>
            <TableCell label={t("Mentor")} className="font-medium">
              <span lang={contentLang(mentor.name)}>{mentor.name}</span>
            </TableCell>
            <TableCell label={t("Evaluated")}>{formatNumber(mentor.evaluated)}</TableCell>
            <TableCell label={t("Average turnaround")}>
              {formatHours(mentor.averageHours)}
            </TableCell>
            <TableCell label={t("90th percentile")}>{formatHours(mentor.p90Hours)}</TableCell>
            <TableCell label={t("Average rating")}>
              {mentor.averageRating === null ? "—" : mentor.averageRating.toFixed(1)}
            </TableCell>
            <TableCell label={t("Ratings")}>{formatNumber(mentor.ratings)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
