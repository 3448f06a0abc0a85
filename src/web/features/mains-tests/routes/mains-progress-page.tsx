import { PageHeader } from "@web/components/layout/page-header.tsx";
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
import { usePickText } from "@web/lib/content-language.ts";
import { formatDate, formatNumber } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type MainsProgress,
  type MainsProgressSeries,
  useMainsProgress,
} from "../api/mains-progress.ts";
import { ProgressTrend } from "../components/progress-trend.tsx";
import { marksOutOf } from "../components/result-question.tsx";

function TrendLine({ series }: { series: MainsProgressSeries }) {
  const { t } = useTranslation();
  if (series.change === null) {
    return (
      <p className="text-sm text-muted-foreground">
        {t("One test so far: the trend shows from the second.")}
      </p>
    );
  }
  const change = formatNumber(Math.abs(series.change));
  const text =
    series.direction === "up"
      ? t("▲ Up {{change}} percentile points since the first test", { change })
      : series.direction === "down"
        ? t("▼ Down {{change}} percentile points since the first test", { change })
        : t("No change in percentile since the first test");
  return (
    <p
      className={
        series.direction === "up"
          ? "text-sm font-medium text-success"
          : series.direction === "down"
            ? "text-sm font-medium text-destructive"
            : "text-sm font-medium"
      }
    >
      {text}
    </p>
  );
}

function SeriesBlock({
  series,
  tests,
}: {
  series: MainsProgressSeries;
  tests: MainsProgress["tests"];
}) {
  const { t } = useTranslation();
  const pick = usePickText();
  const name = series.title ? pick(series.title, series.titleHi) : null;
  const rows = tests.filter((test) => test.seriesId === series.seriesId);
  const headingId = `series-${series.seriesId ?? "none"}`;
  return (
    <section
      aria-labelledby={headingId}
      className="grid min-w-0 gap-3 rounded-lg border border-border bg-background p-4"
    >
      <h2 id={headingId} lang={name?.lang} className="text-lg font-semibold">
        {name?.text ?? t("Tests outside a series")}
      </h2>
      <TrendLine series={series} />
      <ProgressTrend
        points={series.points.map((p) => ({ label: p.testId, percentile: p.percentile }))}
      />
      <Table stackOnPhones>
        <caption className="sr-only">{name?.text ?? t("Tests outside a series")}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>{t("Test")}</TableHead>
            <TableHead className="text-right">{t("Marks")}</TableHead>
            <TableHead className="text-right">{t("Rank")}</TableHead>
            <TableHead className="text-right">{t("Percentile")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => {
            const title = pick(row.title, row.titleHi);
            return (
              <TableRow key={row.testId}>
                <TableCell label={t("Test")}>
                  <span className="block min-w-0">
                    <span className="mr-1 text-muted-foreground">{formatNumber(index + 1)}.</span>
                    <Link
                      to={`/student/mains-tests/${row.testId}/result`}
                      lang={title.lang}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {title.text}
                    </Link>
                    <span className="block text-xs text-muted-foreground">
                      {formatDate(row.date)}
                    </span>
                  </span>
                </TableCell>
                <TableCell label={t("Marks")} className="whitespace-nowrap text-right tabular-nums">
                  {marksOutOf(row.marks, row.maxMarks)}
                </TableCell>
                <TableCell label={t("Rank")} className="whitespace-nowrap text-right tabular-nums">
                  {t("{{rank}} of {{of}}", {
                    rank: formatNumber(row.rank),
                    of: formatNumber(row.of),
                  })}
                </TableCell>
                <TableCell label={t("Percentile")} className="text-right tabular-nums">
                  {formatNumber(row.percentile)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </section>
  );
}

/** `/student/mains-tests/progress` (decision 063): each series' tests and its percentile trend. */
export function MainsProgressPage() {
  const { t } = useTranslation();
  const query = useMainsProgress();
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6">
      <PageHeader
        title={t("Mains progress")}
        description={t("Your marks, rank and percentile in each Mains test, oldest first.")}
        backTo="/student/mains-tests"
        backLabel={t("Back to Mains tests")}
      />
      <QueryContent
        query={query}
        loadingLabel={t("Loading your progress...")}
        errorTitle={t("Could not load your progress")}
        isEmpty={(data) => data.tests.length === 0}
        empty={
          <EmptyState
            title={t("No Mains results yet")}
            description={t("Your tests appear here once their results are published.")}
          />
        }
      >
        {(data) =>
          data.series.map((series) => (
            <SeriesBlock key={series.seriesId ?? "none"} series={series} tests={data.tests} />
          ))
        }
      </QueryContent>
    </div>
  );
}
