import { PageHeader } from "@web/components/layout/page-header.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { formatDate, formatDateTime, formatNumber } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/page-title.ts";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type MainsResult, type MainsResultData, useMainsResult } from "../api/mains-result.ts";
import { marksOutOf, ResultQuestion } from "../components/result-question.tsx";
import { ResultReevaluation } from "../components/result-reevaluation.tsx";
import { ResultSharing } from "../components/result-sharing.tsx";

/** Before the marks: where the booklet stands, and when results are promised. */
function Waiting({ data }: { data: MainsResultData }) {
  const { t } = useTranslation();
  const { booklet } = data;
  const published = data.test.resultsPublishedAt !== null;
  const promise = booklet.dueAt
    ? t("Results are promised by {{date}}.", { date: formatDate(booklet.dueAt) })
    : null;
  const lines: Record<MainsResultData["booklet"]["status"], string | null> = {
    writing: t("Your booklet has not been submitted yet."),
    absent: t("You were marked absent: no booklet was submitted in time."),
    submitted: published
      ? t("Your booklet is still being evaluated. It joins the results as soon as it is marked.")
      : t("Your booklet is being evaluated."),
    evaluated: t("Your booklet is evaluated. The marks and ranks come out together for everyone."),
  };
  return (
    <section aria-labelledby="status" className="grid gap-2 rounded-lg border border-border p-4">
      <h2 id="status" className="text-lg font-semibold">
        {published ? t("Results are out") : t("Results are not out yet")}
      </h2>
      <p>{lines[booklet.status]}</p>
      {booklet.submittedAt ? (
        <p className="text-sm text-muted-foreground">
          {t("Submitted on {{date}}", { date: formatDateTime(booklet.submittedAt) })}
        </p>
      ) : null}
      {booklet.status !== "absent" && promise ? <p className="text-sm">{promise}</p> : null}
    </section>
  );
}

/** The marks and rank first, big: what a student opens the page for. */
function Headline({ result }: { result: MainsResult }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="your-result"
      className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4"
    >
      <h2 id="your-result" className="sr-only">
        {t("Your result")}
      </h2>
      <dl className="grid grid-cols-2 gap-4">
        <div className="col-span-2 grid gap-1">
          <dt className="text-sm text-muted-foreground">{t("Your marks")}</dt>
          <dd className="text-4xl font-bold tabular-nums text-primary">
            {marksOutOf(result.total, result.maxMarks)}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">{t("Rank")}</dt>
          <dd className="text-2xl font-bold tabular-nums">
            {t("{{rank}} of {{of}}", {
              rank: formatNumber(result.rank),
              of: formatNumber(result.of),
            })}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">{t("Percentile")}</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatNumber(result.percentile)}</dd>
        </div>
      </dl>
    </section>
  );
}

function ResultView({ testId, data }: { testId: string; data: MainsResultData }) {
  const { t } = useTranslation();
  const { result } = data;
  if (!result) return <Waiting data={data} />;
  return (
    <>
      <Headline result={result} />
      <section aria-labelledby="by-question" className="grid gap-3">
        <h2 id="by-question" className="text-lg font-semibold">
          {t("Question by question")}
        </h2>
        <ol className="grid gap-3">
          {result.questions.map((question) => (
            <ResultQuestion key={question.testQuestionId} question={question} />
          ))}
        </ol>
      </section>
      <ResultReevaluation testId={testId} result={result} />
      <ResultSharing testId={testId} data={data} />
      <p className="text-sm">
        <Link
          to="/student/mains-tests/progress"
          className="text-primary underline-offset-4 hover:underline"
        >
          {t("See your progress across Mains tests")}
        </Link>
      </p>
    </>
  );
}

/**
 * `/student/mains-tests/{testId}/result` (decision 063): the student's own marks, rank and
 * percentile, each question against the average and the top tenth, the mentor's feedback on
 * the annotated pages, the toppers' shared answers, sharing consent and re-evaluation.
 */
export function MainsResultPage() {
  const { t } = useTranslation();
  const { testId = "" } = useParams();
  const query = useMainsResult(testId);
  const pick = usePickText();
  const title = query.data ? pick(query.data.test.title, query.data.test.titleHi).text : null;
  usePageTitle(title ? t("{{title}} Result", { title }) : null);
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6">
      <PageHeader
        title={title ?? t("Result")}
        description={title ? t("Result") : undefined}
        backTo="/student/mains-tests"
        backLabel={t("Back to Mains tests")}
      />
      <QueryContent
        query={query}
        loadingLabel={t("Loading your result...")}
        errorTitle={t("Could not load your result")}
      >
        {(data) => <ResultView testId={testId} data={data} />}
      </QueryContent>
    </div>
  );
}
