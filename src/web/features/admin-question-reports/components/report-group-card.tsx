import { ReportStatusBadge } from "@web/components/question-report/report-status-badge.tsx";
import { QuestionText } from "@web/components/rich-text/rich-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { formatDateTime, formatNumber } from "@web/lib/format.ts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { OPTION_KEYS } from "../../../../shared/constants.ts";
import {
  DROP_RULE_LABELS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ResolveAction,
} from "../../../../shared/question-reports.ts";
import type { QueueGroup } from "../api/queue.ts";

/** "1 d 4 h", "3 h 20 min", "45 min": how long until an answer is due, or since. */
export function slaDuration(t: TFunction, minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) {
    return t("{{days}} d {{hours}} h", { days: formatNumber(days), hours: formatNumber(hours) });
  }
  if (hours > 0) {
    return t("{{hours}} h {{minutes}} min", {
      hours: formatNumber(hours),
      minutes: formatNumber(rest),
    });
  }
  return t("{{minutes}} min", { minutes: formatNumber(rest) });
}

function SlaBadge({ sla }: { sla: NonNullable<QueueGroup["sla"]> }) {
  const { t } = useTranslation();
  const time = slaDuration(t, sla.minutes);
  return (
    <Badge
      variant={sla.overdue ? "destructive" : "warning"}
      title={t("Due at {{date}}", { date: formatDateTime(sla.dueAt) })}
    >
      {sla.overdue ? t("Overdue by {{time}}", { time }) : t("Due in {{time}}", { time })}
    </Badge>
  );
}

/** Each option with how many chose it (a bar), the key and what is also accepted marked. */
function Distribution({ group }: { group: QueueGroup }) {
  const { t } = useTranslation();
  const { question, analysis } = group;
  const attempts = analysis?.attempts ?? 0;
  const rows = [
    ...OPTION_KEYS.map((key) => ({
      key,
      label: key,
      text: question.options[key],
      n: analysis?.options[key] ?? 0,
      isKey: key === question.correctAnswer,
      accepted: question.alsoAccepted.includes(key),
    })),
    {
      key: "blank",
      label: "–",
      text: t("Left blank"),
      n: analysis?.options.skipped ?? 0,
      isKey: false,
      accepted: false,
    },
  ];
  return (
    <div className="grid content-start gap-1.5">
      <p className="text-sm font-medium">
        {t("Answers of everyone who took it ({{n}} ranked attempts)", {
          n: formatNumber(attempts),
        })}
      </p>
      <ul className="grid gap-1.5">
        {rows.map((row) => {
          const share = attempts > 0 ? Math.round((row.n / attempts) * 100) : 0;
          return (
            <li key={row.key} className="grid gap-0.5 text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <span className="min-w-0">
                  <span className="font-semibold">{row.label}</span>{" "}
                  <span lang={contentLang(row.text)} className="text-muted-foreground">
                    {row.text}
                  </span>{" "}
                  {row.isKey ? <Badge variant="success">{t("Key")}</Badge> : null}
                  {row.accepted ? <Badge variant="secondary">{t("Also accepted")}</Badge> : null}
                </span>
                <span className="shrink-0 tabular-nums">
                  {formatNumber(row.n)} ({formatNumber(share)}%)
                </span>
              </div>
              <div className="h-1.5 rounded-full bg-muted" aria-hidden="true">
                <div
                  className={cn("h-1.5 rounded-full", row.isKey ? "bg-success" : "bg-primary/60")}
                  style={{ width: `${share}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-sm">
        {t("Facility")}:{" "}
        <span className="font-semibold">
          {analysis?.facility == null ? "—" : `${formatNumber(analysis.facility)}%`}
        </span>
        {" · "}
        {t("Discrimination")}:{" "}
        <span className="font-semibold">
          {analysis?.discrimination == null ? "—" : formatNumber(analysis.discrimination)}
        </span>
        {analysis?.checkKey ? (
          <>
            {" · "}
            <span className="font-semibold text-destructive">
              {t("Check the key")}
              {t(": top scorers chose {{option}} more often than the key", {
                option: analysis.checkKey,
              })}
            </span>
          </>
        ) : null}
      </p>
    </div>
  );
}

function Reports({ group }: { group: QueueGroup }) {
  const { t } = useTranslation();
  const reasons = REPORT_REASONS.filter((reason) => group.reasons[reason]);
  return (
    <div className="grid content-start gap-2">
      <ul className="flex flex-wrap gap-1.5" aria-label={t("Reasons given")}>
        {reasons.map((reason) => (
          <li key={reason}>
            <Badge variant="outline">
              {t(REPORT_REASON_LABELS[reason])} · {formatNumber(group.reasons[reason] ?? 0)}
            </Badge>
          </li>
        ))}
      </ul>
      <details className="rounded-md border border-border">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
          {t("Read the reports ({{n}})", { n: formatNumber(group.count) })}
        </summary>
        <ul className="grid divide-y divide-border">
          {group.reports.map((report) => (
            <li key={report.id} className="grid gap-1 px-3 py-2 text-sm">
              <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">
                  {t(REPORT_REASON_LABELS[report.reason])}
                </span>
                <span>{report.reporter}</span>
                <span>{formatDateTime(report.createdAt)}</span>
                {report.creditMe ? <span>{t("Asks to be credited")}</span> : null}
              </p>
              {report.note ? (
                <p className="whitespace-pre-line" lang={contentLang(report.note)}>
                  {report.note}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        {group.count > group.reports.length ? (
          <p className="px-3 pb-2 text-xs text-muted-foreground">
            {t("The first {{shown}} of {{n}} reports are shown.", {
              shown: formatNumber(group.reports.length),
              n: formatNumber(group.count),
            })}
          </p>
        ) : null}
      </details>
    </div>
  );
}

function Resolution({ resolution }: { resolution: NonNullable<QueueGroup["resolution"]> }) {
  const { t } = useTranslation();
  const change = resolution.keyChange;
  return (
    <div className="grid gap-1 rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
      <p className="flex flex-wrap items-center gap-2">
        <ReportStatusBadge status={resolution.status} />
        <span>
          {resolution.resolvedBy
            ? t("Answered by {{name}} on {{date}}", {
                name: resolution.resolvedBy,
                date: formatDateTime(resolution.resolvedAt),
              })
            : t("Answered on {{date}}", { date: formatDateTime(resolution.resolvedAt) })}
        </span>
      </p>
      {change?.dropRule ? (
        <p className="font-medium">{t(DROP_RULE_LABELS[change.dropRule])}</p>
      ) : null}
      {change && !change.dropRule ? (
        <p className="font-medium">
          {t("Key: {{from}} → {{to}}", {
            from: change.oldAnswers.join(", "),
            to: change.newAnswers.join(", "),
          })}
        </p>
      ) : null}
      {resolution.reply ? (
        <p className="whitespace-pre-line" lang={contentLang(resolution.reply)}>
          {resolution.reply}
        </p>
      ) : null}
    </div>
  );
}

/** One question of the queue: the question, its reports, the answers to it and the actions. */
export function ReportGroupCard(props: {
  group: QueueGroup;
  onResolve: (group: QueueGroup, action: ResolveAction) => void;
}) {
  const { t } = useTranslation();
  const { group } = props;
  const { question } = group;
  const dropped = question.droppedAs !== null;
  const headingId = `report-group-${group.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-4 rounded-lg border border-border bg-background p-4"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id={headingId} className="font-semibold">
            {t("Q{{number}} · {{paper}}", {
              number: question.number,
              paper: question.paper.title,
              interpolation: { escapeValue: false },
            })}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("Reports: {{n}} · oldest {{date}}", {
              n: formatNumber(group.count),
              date: formatDateTime(group.oldestAt),
            })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {dropped ? <Badge variant="secondary">{t("Question dropped")}</Badge> : null}
          {group.sla ? <SlaBadge sla={group.sla} /> : null}
        </div>
      </header>
      <div lang={contentLang(question.questionText)}>
        <QuestionText text={question.questionText} className="text-sm" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Distribution group={group} />
        <Reports group={group} />
      </div>
      {group.resolution ? <Resolution resolution={group.resolution} /> : null}
      {group.resolution ? null : (
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => props.onResolve(group, "reject")}>
              {t("Reject")}
            </Button>
            <Button variant="outline" size="sm" onClick={() => props.onResolve(group, "fix")}>
              {t("Fix the text")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={dropped}
              onClick={() => props.onResolve(group, "key")}
            >
              {t("Change the key")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={dropped}
              onClick={() => props.onResolve(group, "drop")}
            >
              {t("Drop the question")}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            {t("If dropped: {{rule}} (this paper's rule).", {
              rule: t(DROP_RULE_LABELS[question.paper.dropRule]),
            })}
          </p>
        </div>
      )}
    </article>
  );
}
