import { QueryContent } from "@web/components/ui/query-content.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { cn } from "@web/lib/cn.ts";
import { formatDuration, formatNumber, formatSignedMarks } from "@web/lib/format.ts";
import { TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  ANALYSIS_TEXT,
  type AttemptReport,
  MOST_GOT_RIGHT_PERCENT,
  type Outcome,
  type Performance,
} from "../../../../shared/analysis.ts";
import { CONFIDENCE_LABELS, GUESS_VERDICTS, NOT_TAGGED } from "../../../../shared/confidence.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { questionMarkupToPlainText } from "../../../../shared/question-markup.ts";
import { useAttemptReport } from "../api/get-attempt-report.ts";
import { useGroupName } from "../lib/group-name.ts";
import { ChartFigure } from "./chart-figure.tsx";
import { AccuracyBarChart, TimePerQuestionChart } from "./lazy-charts.tsx";
import { ScrollRegion } from "./scroll-region.tsx";

const OUTCOME_LABELS: Record<Outcome, string> = {
  correct: msg("Correct"),
  wrong: msg("Wrong"),
  skipped: msg("Skipped"),
  answered: msg("Answered"),
};
/** After "You: " in the list of questions most students got right. */
const OUTCOME_AFTER_YOU: Record<Outcome, string> = {
  correct: msg("You: correct"),
  wrong: msg("You: wrong"),
  skipped: msg("You: skipped"),
  answered: msg("You: answered"),
};

const OUTCOME_TEXT: Record<Outcome, string> = {
  correct: "text-success",
  wrong: "text-destructive",
  skipped: "text-muted-foreground",
  answered: "text-foreground",
};

const percentText = (value: number | null) => (value === null ? "—" : `${value}%`);

function scoreText(report: AttemptReport, value: number) {
  // "62.5/100" and "62.5%" read the same in both languages.
  return report.scoreUnit === "percent" ? `${value}%` : `${value}/${report.maxScore}`;
}

function Part(props: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={props.id} className="grid min-w-0 gap-3">
      <h3 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h3>
      {props.children}
    </section>
  );
}

function Figures(props: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {props.items.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 rounded-md border border-border p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PerformanceCells({ row }: { row: Performance }) {
  return (
    <>
      <TableCell className="text-right tabular-nums">{row.questions}</TableCell>
      <TableCell className="text-right tabular-nums">{row.attempted}</TableCell>
      <TableCell className="text-right tabular-nums">{row.correct}</TableCell>
      <TableCell className="text-right tabular-nums">{percentText(row.accuracy)}</TableCell>
      <TableCell className="text-right tabular-nums">{row.marks}</TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">
        {formatDuration(row.timeSeconds)}
      </TableCell>
    </>
  );
}

function SubjectTable({ report }: { report: AttemptReport }) {
  const { t } = useTranslation();
  const groupName = useGroupName();
  return (
    <Table>
      <caption className="sr-only">{t(ANALYSIS_TEXT.subjects)}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("Subject / topic")}</TableHead>
          <TableHead className="text-right">{t("Questions")}</TableHead>
          <TableHead className="text-right">{t("Attempted")}</TableHead>
          <TableHead className="text-right">{t("Correct")}</TableHead>
          <TableHead className="text-right">{t("Accuracy")}</TableHead>
          <TableHead className="text-right">{t("Marks")}</TableHead>
          <TableHead className="text-right">{t("Time")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {report.subjects.flatMap((subject) => [
          <TableRow key={subject.subjectId ?? "untagged"} className="bg-muted/30">
            <th scope="row" className="px-3 py-2 text-left font-semibold">
              {groupName(subject.name)}
            </th>
            <PerformanceCells row={subject} />
          </TableRow>,
          ...(subject.subjectId === null
            ? []
            : subject.topics.map((topic) => (
                <TableRow key={`${subject.subjectId}-${topic.topicId ?? "none"}`}>
                  <th scope="row" className="px-3 py-2 pl-6 text-left font-normal">
                    {groupName(topic.name)}
                  </th>
                  <PerformanceCells row={topic} />
                </TableRow>
              ))),
        ])}
      </TableBody>
    </Table>
  );
}

function TimeTable({ report }: { report: AttemptReport }) {
  const { t } = useTranslation();
  return (
    <Table>
      <caption className="sr-only">{t(ANALYSIS_TEXT.time)}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t("Question")}</TableHead>
          <TableHead>{t("Result")}</TableHead>
          <TableHead className="text-right">{t("Time")}</TableHead>
          <TableHead className="whitespace-normal text-right">{t("Students right")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {report.timePerQuestion.questions.map((q) => (
          <TableRow key={q.questionId}>
            <th scope="row" className="px-3 py-2 text-left font-normal">
              Q{q.number}
            </th>
            <TableCell className={OUTCOME_TEXT[q.outcome]}>
              {t(OUTCOME_LABELS[q.outcome])}
            </TableCell>
            <TableCell className="whitespace-nowrap text-right tabular-nums">
              {t("{{seconds}} s", { seconds: q.seconds })}
              {q.isSlow ? <strong className="ml-1 text-destructive">{t("(long)")}</strong> : null}
            </TableCell>
            <TableCell className="text-right tabular-nums">{percentText(q.shareCorrect)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Accuracy by confidence: per tag and the untagged answers, attempted, correct,
 * accuracy and net marks under the attempt's marking; then what the guesses cost, in a sentence.
 */
function ConfidencePart({ report }: { report: AttemptReport }) {
  const { t } = useTranslation();
  const { confidence } = report;
  return (
    <Part id="analysis-confidence" title={t(ANALYSIS_TEXT.confidence)}>
      <ScrollRegion label={t("Table: {{title}}", { title: t(ANALYSIS_TEXT.confidence) })}>
        <Table>
          <caption className="sr-only">{t(ANALYSIS_TEXT.confidence)}</caption>
          <TableHeader>
            <TableRow>
              <TableHead>{t("Confidence")}</TableHead>
              <TableHead className="text-right">{t("Attempted")}</TableHead>
              <TableHead className="text-right">{t("Correct")}</TableHead>
              <TableHead className="text-right">{t("Accuracy")}</TableHead>
              <TableHead className="text-right">{t("Net marks")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {confidence.rows.map((row) => (
              <TableRow key={row.tag ?? "untagged"}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {t(row.tag ? CONFIDENCE_LABELS[row.tag] : NOT_TAGGED)}
                </th>
                <TableCell className="text-right tabular-nums">
                  {formatNumber(row.attempted)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatNumber(row.correct)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {percentText(row.accuracy)}
                </TableCell>
                <TableCell
                  className={cn(
                    "text-right tabular-nums",
                    row.marks < 0 ? "text-destructive" : undefined,
                  )}
                >
                  {formatSignedMarks(row.marks)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      <div className="grid gap-1">
        <h4 className="text-sm font-semibold">{t(ANALYSIS_TEXT.guessing)}</h4>
        <p className="text-sm">
          {t(GUESS_VERDICTS[confidence.verdict], {
            marks: formatSignedMarks(confidence.guessMarks),
          })}
        </p>
      </div>
    </Part>
  );
}

/** The report's contents, once loaded (exported for tests and the screenshots). */
export function AttemptAnalysisView(props: { report: AttemptReport; showProgressLink?: boolean }) {
  const { t } = useTranslation();
  const groupName = useGroupName();
  const { report } = props;
  const { summary, standing } = report;
  const slow = report.timePerQuestion.questions.filter((q) => q.isSlow);
  return (
    <section
      aria-labelledby="analysis-heading"
      className="grid min-w-0 gap-6 rounded-lg border border-border bg-background p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="analysis-heading" className="text-xl font-bold">
          {t(ANALYSIS_TEXT.heading)}
        </h2>
        {props.showProgressLink === false ? null : (
          <Link
            to="/student/progress"
            className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <TrendingUp className="size-4" aria-hidden="true" />
            {t(ANALYSIS_TEXT.progressTitle)}
          </Link>
        )}
      </div>

      <Part id="analysis-summary" title={t(ANALYSIS_TEXT.summary)}>
        <Figures
          items={[
            [t("Score"), scoreText(report, summary.score)],
            [t("Marks gained"), summary.marksGained],
            [t("Lost to negative marking"), summary.marksLost],
            [t("Accuracy"), percentText(summary.accuracy)],
            [
              t("Attempted"),
              t("{{attempted}} of {{total}}", {
                attempted: summary.attempted,
                total: summary.total,
              }),
            ],
            [t("Correct"), summary.correct],
            [t("Wrong"), summary.wrong],
            [t("Skipped"), summary.skipped],
            [t("Total time"), formatDuration(summary.totalTimeSeconds)],
          ]}
        />
      </Part>

      {standing ? (
        <Part id="analysis-standing" title={t(ANALYSIS_TEXT.standing)}>
          <div className="flex flex-wrap gap-x-6 gap-y-1 text-2xl font-bold">
            <p>
              {t("Rank {{position}} of {{of}}", { position: standing.position, of: standing.of })}
            </p>
            <p>{t("Percentile {{percentile}}", { percentile: standing.percentile })}</p>
          </div>
          <Figures
            items={[
              [t("Your score"), scoreText(report, standing.score)],
              [t("Average score"), scoreText(report, standing.averageScore)],
              [t("Top 10% average"), scoreText(report, standing.topTenAverageScore)],
            ]}
          />
          {standing.isThisAttempt ? null : (
            <p className="text-sm text-muted-foreground">{t(ANALYSIS_TEXT.notRanked)}</p>
          )}
        </Part>
      ) : null}

      <Part id="analysis-subjects" title={t(ANALYSIS_TEXT.subjects)}>
        {report.weakestTopics.length > 0 ? (
          <div className="grid gap-2">
            <h4 className="text-sm font-semibold">{t(ANALYSIS_TEXT.weakest)}</h4>
            <ol className="grid gap-2 sm:grid-cols-3">
              {report.weakestTopics.map((topic) => (
                <li
                  key={`${topic.subjectId}-${topic.topicId ?? "none"}`}
                  className="grid gap-1 rounded-md border border-border p-3"
                >
                  <p className="font-medium">
                    {groupName(topic.subjectName)} › {groupName(topic.topicName)}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {t("{{correct}} of {{questions}} right", {
                      correct: topic.correct,
                      questions: topic.questions,
                    })}
                  </p>
                  <Link
                    to={topic.practiceUrl}
                    className="text-sm font-medium text-primary underline underline-offset-4"
                  >
                    {t("Practise {{subject}}", { subject: groupName(topic.subjectName) })}
                  </Link>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        <ScrollRegion label={t("Table: {{title}}", { title: t(ANALYSIS_TEXT.subjects) })}>
          <SubjectTable report={report} />
        </ScrollRegion>
        <ChartFigure
          title={t("Accuracy by subject")}
          chart={
            <AccuracyBarChart
              rows={report.subjects.map((s) => ({ ...s, name: groupName(s.name) }))}
            />
          }
          table={
            <Table>
              <caption className="sr-only">{t("Accuracy by subject")}</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("Subject")}</TableHead>
                  <TableHead className="text-right">{t("Accuracy")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.subjects.map((s) => (
                  <TableRow key={s.subjectId ?? "untagged"}>
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      {groupName(s.name)}
                    </th>
                    <TableCell className="text-right tabular-nums">
                      {percentText(s.accuracy)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          }
        />
      </Part>

      <Part id="analysis-time" title={t(ANALYSIS_TEXT.time)}>
        <p className="text-sm text-muted-foreground">
          {t("Your average: {{seconds}} s a question.", {
            seconds: report.timePerQuestion.averageSeconds,
          })}{" "}
          {slow.length > 0
            ? t("More than twice that on {{questions}}.", {
                questions: slow.map((q) => `Q${q.number}`).join(", "),
              })
            : t("No question took more than twice that.")}
        </p>
        <ChartFigure
          title={t(
            "Seconds per question: green correct, red wrong, grey skipped, ! more than twice your average",
          )}
          chart={
            <TimePerQuestionChart
              questions={report.timePerQuestion.questions}
              averageSeconds={report.timePerQuestion.averageSeconds}
            />
          }
          table={<TimeTable report={report} />}
        />
      </Part>

      <ConfidencePart report={report} />

      <Part id="analysis-most-right" title={t(ANALYSIS_TEXT.mostGotRight)}>
        {report.mostGotRight.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(ANALYSIS_TEXT.mostGotRightEmpty)}</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {t(
                "At least {{percent}}% of students got these right: the cheapest marks to win back.",
                { percent: MOST_GOT_RIGHT_PERCENT },
              )}
            </p>
            <ul className="grid gap-2">
              {report.mostGotRight.map((q) => (
                <li key={q.questionId} className="grid gap-1 rounded-md border border-border p-3">
                  <p className="flex flex-wrap gap-x-3 text-sm">
                    <span className="font-semibold">Q{q.number}</span>
                    <span className={cn(OUTCOME_TEXT[q.outcome])}>
                      {t(OUTCOME_AFTER_YOU[q.outcome])}
                    </span>
                    <span>{t("{{percent}}% got it right", { percent: q.shareCorrect })}</span>
                    <span className="text-muted-foreground">
                      {groupName(q.subjectName)}
                      {q.topicName ? ` › ${groupName(q.topicName)}` : ""}
                    </span>
                  </p>
                  <p className="line-clamp-2 text-sm">
                    {questionMarkupToPlainText(q.questionText)}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </Part>
    </section>
  );
}

/** The Analysis part of a completed attempt's result page (exam review and quiz result). */
export function AttemptAnalysis({ attemptId }: { attemptId: string }) {
  const { t } = useTranslation();
  const report = useAttemptReport(attemptId);
  const auth = useAuth();
  // My Progress is the student's own page; an admin reading a student's result does not get it.
  const isStudent = auth.status === "signed-in" && auth.role === "student";
  return (
    <QueryContent
      query={report}
      loadingLabel={t("Loading analysis...")}
      errorTitle={t("Analysis unavailable")}
      errorFallback={msg("The analysis could not be loaded.")}
    >
      {(data) => <AttemptAnalysisView report={data} showProgressLink={isStudent} />}
    </QueryContent>
  );
}
