import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { formatDate } from "@web/lib/format.ts";
import { i18n } from "@web/lib/i18n.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  ANALYSIS_TEXT,
  PROGRESS_WINDOW_DAYS,
  type ProgressPoint,
  type StudentProgress,
} from "../../../../shared/analysis.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { useStudentProgress } from "../api/get-progress.ts";
import { ChartFigure } from "../components/chart-figure.tsx";
import {
  AccuracyBarChart,
  AnswersPerDayChart,
  ScoreTrendChart,
} from "../components/lazy-charts.tsx";
import { useGroupName } from "../lib/group-name.ts";

function studyTime(seconds: number) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return hours > 0
    ? i18n.t("{{hours}} h {{minutes}} min", { hours, minutes })
    : i18n.t("{{minutes}} min", { minutes });
}

function Block(props: { title: string; children: ReactNode; id: string }) {
  return (
    <section
      aria-labelledby={props.id}
      className="grid min-w-0 gap-3 rounded-lg border border-border bg-background p-4 sm:p-5"
    >
      <h2 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

function ScoreTable({ points, caption }: { points: ProgressPoint[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("Date")}</TableHead>
          <TableHead>{t("Title")}</TableHead>
          <TableHead className="text-right">{t("Score")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {points.map((p) => (
          <TableRow key={p.attemptId}>
            <TableCell className="whitespace-nowrap">{formatDate(p.completedAt)}</TableCell>
            <th scope="row" className="px-3 py-2 text-left font-normal">
              <Link
                to={`/results/${p.attemptId}`}
                className="text-primary underline-offset-4 hover:underline"
              >
                {p.title}
              </Link>
            </th>
            <TableCell className="text-right tabular-nums">{p.scorePercent}%</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ScoreFigure({ points, title }: { points: ProgressPoint[]; title: string }) {
  const { t } = useTranslation();
  if (points.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("{{title}}: none yet.", { title })}</p>;
  }
  return (
    <ChartFigure
      title={title}
      chart={<ScoreTrendChart points={points} />}
      table={<ScoreTable points={points} caption={title} />}
    />
  );
}

function trendText(trend: number | null) {
  if (trend === null) return "—";
  if (trend > 0) return i18n.t("▲ +{{trend}} points", { trend });
  if (trend < 0) return i18n.t("▼ {{trend}} points", { trend });
  return i18n.t("no change");
}

const DAYS = { days: PROGRESS_WINDOW_DAYS };

function ProgressView({ progress }: { progress: StudentProgress }) {
  const { t } = useTranslation();
  const groupName = useGroupName();
  const answered = progress.questionsPerDay.reduce((sum, d) => sum + d.answered, 0);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {(
          [
            [t("Total study time"), studyTime(progress.totalStudySeconds)],
            [t("Attempts completed"), progress.completedAttempts],
            [t("Questions answered (last {{days}} days)", DAYS), answered],
          ] as [string, ReactNode][]
        ).map(([label, value]) => (
          <div
            key={label}
            className="grid gap-0.5 rounded-md border border-border bg-background p-3"
          >
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Block id="progress-scores" title={t("Score over time")}>
        <ScoreFigure points={progress.scores.exams} title={t("Exams: score %")} />
        <ScoreFigure points={progress.scores.quizzes} title={t("Quizzes: score %")} />
      </Block>
      <Block id="progress-subjects" title={t("Accuracy by subject, last {{days}} days", DAYS)}>
        {progress.subjectAccuracy.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t("No questions answered in the last {{days}} days.", DAYS)}
          </p>
        ) : (
          <ChartFigure
            title={t("Accuracy: the last {{days}} days against the {{days}} before", DAYS)}
            chart={
              <AccuracyBarChart
                withPrevious
                rows={progress.subjectAccuracy.map((s) => ({
                  name: groupName(s.name),
                  accuracy: s.accuracy,
                  previous: s.previousAccuracy,
                }))}
              />
            }
            table={
              <Table>
                <caption className="sr-only">{t("Accuracy by subject")}</caption>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("Subject")}</TableHead>
                    <TableHead className="text-right">{t("Answered")}</TableHead>
                    <TableHead className="text-right">{t("Correct")}</TableHead>
                    <TableHead className="text-right">{t("Accuracy")}</TableHead>
                    <TableHead className="text-right">{t("Trend")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {progress.subjectAccuracy.map((s) => (
                    <TableRow key={s.subjectId ?? "untagged"}>
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        {groupName(s.name)}
                      </th>
                      <TableCell className="text-right tabular-nums">{s.attempted}</TableCell>
                      <TableCell className="text-right tabular-nums">{s.correct}</TableCell>
                      <TableCell className="text-right tabular-nums">{s.accuracy}%</TableCell>
                      <TableCell className="whitespace-nowrap text-right tabular-nums">
                        {trendText(s.trend)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            }
          />
        )}
      </Block>
      <Block id="progress-days" title={t("Questions answered per day")}>
        <ChartFigure
          title={t("Questions answered on each of the last {{days}} days", DAYS)}
          chart={<AnswersPerDayChart days={progress.questionsPerDay} />}
          table={
            <Table>
              <caption className="sr-only">{t("Questions answered per day")}</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("Day")}</TableHead>
                  <TableHead className="text-right">{t("Answered")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {progress.questionsPerDay
                  .filter((d) => d.answered > 0)
                  .map((d) => (
                    <TableRow key={d.day}>
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        {formatDate(`${d.day}T12:00:00`)}
                      </th>
                      <TableCell className="text-right tabular-nums">{d.answered}</TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          }
        />
      </Block>
    </>
  );
}

/** /student/progress: the student's scores, accuracy, answers and study time over time. */
export function MyProgressPage() {
  const { t } = useTranslation();
  const progress = useStudentProgress();
  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title={t(ANALYSIS_TEXT.progressTitle)}
        description={t("Your scores, accuracy and study time over time.")}
        backTo="/student/dashboard"
      />
      <QueryContent
        query={progress}
        loadingLabel={t("Loading progress...")}
        errorTitle={t("Error fetching data")}
        errorFallback={msg("Your progress could not be loaded.")}
        isEmpty={(data) => data.completedAttempts === 0}
        empty={
          <EmptyState
            title={t("Nothing here yet")}
            description={t(ANALYSIS_TEXT.progressEmpty)}
            action={
              <Button asChild>
                <Link to="/student/exams">{t("Browse exams")}</Link>
              </Button>
            }
          />
        }
      >
        {(data) => <ProgressView progress={data} />}
      </QueryContent>
    </div>
  );
}
