import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate } from "@web/lib/format.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  ANALYSIS_TEXT,
  PROGRESS_WINDOW_DAYS,
  type ProgressPoint,
  type StudentProgress,
} from "../../../../shared/analysis.ts";
import { useStudentProgress } from "../api/get-progress.ts";
import { ChartFigure } from "../components/chart-figure.tsx";
import {
  AccuracyBarChart,
  AnswersPerDayChart,
  ScoreTrendChart,
} from "../components/lazy-charts.tsx";

function studyTime(seconds: number) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
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
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Title</TableHead>
          <TableHead className="text-right">Score</TableHead>
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
  if (points.length === 0) {
    return <p className="text-sm text-muted-foreground">{title}: none yet.</p>;
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
  if (trend > 0) return `▲ +${trend} points`;
  if (trend < 0) return `▼ ${trend} points`;
  return "no change";
}

function ProgressView({ progress }: { progress: StudentProgress }) {
  const answered = progress.questionsPerDay.reduce((sum, d) => sum + d.answered, 0);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {(
          [
            ["Total study time", studyTime(progress.totalStudySeconds)],
            ["Attempts completed", progress.completedAttempts],
            [`Questions answered (last ${PROGRESS_WINDOW_DAYS} days)`, answered],
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
      <Block id="progress-scores" title="Score over time">
        <ScoreFigure points={progress.scores.exams} title="Exams: score %" />
        <ScoreFigure points={progress.scores.quizzes} title="Quizzes: score %" />
      </Block>
      <Block
        id="progress-subjects"
        title={`Accuracy by subject, last ${PROGRESS_WINDOW_DAYS} days`}
      >
        {progress.subjectAccuracy.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No questions answered in the last {PROGRESS_WINDOW_DAYS} days.
          </p>
        ) : (
          <ChartFigure
            title={`Accuracy: the last ${PROGRESS_WINDOW_DAYS} days against the ${PROGRESS_WINDOW_DAYS} before`}
            chart={
              <AccuracyBarChart
                withPrevious
                rows={progress.subjectAccuracy.map((s) => ({
                  name: s.name,
                  accuracy: s.accuracy,
                  previous: s.previousAccuracy,
                }))}
              />
            }
            table={
              <Table>
                <caption className="sr-only">Accuracy by subject</caption>
                <TableHeader>
                  <TableRow>
                    <TableHead>Subject</TableHead>
                    <TableHead className="text-right">Answered</TableHead>
                    <TableHead className="text-right">Correct</TableHead>
                    <TableHead className="text-right">Accuracy</TableHead>
                    <TableHead className="text-right">Trend</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {progress.subjectAccuracy.map((s) => (
                    <TableRow key={s.subjectId ?? "untagged"}>
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        {s.name}
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
      <Block id="progress-days" title="Questions answered per day">
        <ChartFigure
          title={`Questions answered on each of the last ${PROGRESS_WINDOW_DAYS} days`}
          chart={<AnswersPerDayChart days={progress.questionsPerDay} />}
          table={
            <Table>
              <caption className="sr-only">Questions answered per day</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>Day</TableHead>
                  <TableHead className="text-right">Answered</TableHead>
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
  const progress = useStudentProgress();
  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title={ANALYSIS_TEXT.progressTitle}
        description="Your scores, accuracy and study time over time."
        backTo="/student/dashboard"
      />
      {progress.isPending ? (
        <LoadingState label="Loading progress..." />
      ) : progress.isError ? (
        <ErrorState
          title="Error fetching data"
          message={errorMessage(progress.error, "Your progress could not be loaded.")}
          onRetry={() => void progress.refetch()}
        />
      ) : progress.data.completedAttempts === 0 ? (
        <EmptyState
          title="Nothing here yet"
          description={ANALYSIS_TEXT.progressEmpty}
          action={
            <Button asChild>
              <Link to="/student/exams">Browse exams</Link>
            </Button>
          }
        />
      ) : (
        <ProgressView progress={progress.data} />
      )}
    </div>
  );
}
