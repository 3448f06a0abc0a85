import { LanguageSwitch } from "@web/components/exam/language-switch.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import "@web/lib/devanagari-font.ts";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { useDiscussionCounts } from "@web/components/question-discussion/use-discussion-counts.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { EmptyState, ErrorState } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { useQuestionLanguage } from "@web/lib/use-question-language.ts";
import { Dumbbell, Lock } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { PYQ_TEXT, type PyqFilters } from "../../../../shared/pyq.ts";
import { PLANS_PATH } from "../../../../shared/subscriptions.ts";
import { usePyqFilters, usePyqQuestions, usePyqTrend } from "../api/pyq.ts";
import { PyqFilterBar } from "../components/pyq-filter-bar.tsx";
import { PyqQuestionCard } from "../components/pyq-question-card.tsx";
import { TopicYearTable } from "../components/topic-year-table.tsx";
import { type ExplorerFilter, practiceUrl, readFilter, writeFilter } from "../lib/pyq-filter.ts";

function TrendSection(props: {
  filter: ExplorerFilter;
  subjectName: string | undefined;
  onPick: (next: Partial<ExplorerFilter>) => void;
}) {
  const { t } = useTranslation();
  const trend = usePyqTrend(props.filter);
  const bySubject = !props.subjectName;
  const caption = bySubject
    ? t("Questions per subject and year")
    : t("Questions per topic and year: {{subject}}", { subject: props.subjectName });
  return (
    <section aria-labelledby="pyq-trend" className="grid min-w-0 gap-3">
      <div className="grid gap-1">
        <h2 id="pyq-trend" className="text-lg font-semibold">
          {t("Questions per year")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {bySubject
            ? t("How many questions each subject drew in each year's paper.")
            : t("How many questions each topic of {{subject}} drew in each year's paper.", {
                subject: props.subjectName,
              })}{" "}
          {t("Darker means more. Choose a number to see those questions.")}
        </p>
      </div>
      <QueryContent
        query={trend}
        loadingLabel={t("Loading...")}
        error={(error, retry) => (
          <ErrorState
            title={t("Error fetching data")}
            message={errorMessage(error, msg("The counts could not be loaded."))}
            onRetry={retry}
          />
        )}
        isEmpty={(data) => data.rows.length === 0}
        empty={<p className="text-sm text-muted-foreground">{t("No questions in these years.")}</p>}
      >
        {(data) => (
          <TopicYearTable
            trend={data}
            caption={caption}
            selectedId={props.filter.topicId || props.filter.subjectId}
            onPick={(row, year) =>
              props.onPick({
                ...(data.by === "subject"
                  ? { subjectId: row.id ?? "", topicId: "" }
                  : { topicId: row.id ?? "" }),
                fromYear: year,
                toYear: year,
              })
            }
          />
        )}
      </QueryContent>
    </section>
  );
}

/** /student/pyq: previous-year questions by subject, topic and year, answered one at a time. */
export function PyqPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const options = usePyqFilters();
  const questions = usePyqQuestions(filter);
  const [language, setLanguage] = useQuestionLanguage();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const subject = options.data?.subjects.find((s) => s.id === filter.subjectId);

  const change = (next: Partial<ExplorerFilter>) =>
    setParams(writeFilter({ ...filter, page: 1, ...next }), { replace: true });
  const showQuestions = (next: Partial<ExplorerFilter>) => {
    change(next);
    listHeading.current?.focus();
    listHeading.current?.scrollIntoView?.({ block: "start" });
  };
  const changePage = (page: number) => {
    setParams(writeFilter({ ...filter, page }));
    listHeading.current?.focus();
    listHeading.current?.scrollIntoView?.({ block: "start" });
  };

  const page = questions.data;
  const offset = page ? (page.page - 1) * page.pageSize : 0;
  // The discussion counts of the questions answered on this page (decision 064).
  const discussionCounts = useDiscussionCounts(
    (page?.items ?? []).filter((q) => q.answer !== null).map((q) => q.id),
    true,
  );

  /** The filters, the counts and the questions (the filters fill in once their options load). */
  const browse = (filters: PyqFilters | undefined) => (
    <>
      <PyqFilterBar options={filters} filter={filter} onChange={change} />
      <TrendSection filter={filter} subjectName={subject?.name} onPick={showQuestions} />
      <section aria-labelledby="pyq-questions" className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="grid gap-0.5">
            <h2
              id="pyq-questions"
              ref={listHeading}
              tabIndex={-1}
              className="text-lg font-semibold focus:outline-none"
            >
              {t("Questions")}
            </h2>
            {page ? (
              <p className="text-sm text-muted-foreground">
                {t("{{count}} questions", { count: page.total })}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {page?.items.some((q) => q.translations.hi) ? (
              <LanguageSwitch value={language} onChange={setLanguage} />
            ) : null}
            <Button asChild variant="outline">
              <Link to={practiceUrl(filter)}>
                <Dumbbell aria-hidden="true" />
                {t("Practice these")}
              </Link>
            </Button>
          </div>
        </div>
        {page && page.premiumHidden > 0 ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <Lock className="size-4 shrink-0" aria-hidden="true" />
            <p className="min-w-0 flex-1">
              {t("{{count}} questions from premium papers need a plan", {
                count: page.premiumHidden,
              })}
            </p>
            <Link to={PLANS_PATH} className="font-medium underline underline-offset-4">
              {t("View Plans")}
            </Link>
          </div>
        ) : null}
        <QueryContent
          query={questions}
          loadingLabel={t("Loading questions...")}
          error={(error, retry) => (
            <ErrorState
              title={t("Error fetching data")}
              message={errorMessage(error, msg("The questions could not be loaded."))}
              onRetry={retry}
            />
          )}
          isEmpty={(data) => data.items.length === 0}
          empty={(data) => (
            <EmptyState
              title={t("No questions found")}
              description={
                data.premiumHidden > 0
                  ? t("Every question for this filter is from a premium paper.")
                  : t("No previous-year questions match this filter. Try other years or topics.")
              }
            />
          )}
        >
          {(data) => (
            <>
              <ol className="grid grid-cols-[minmax(0,1fr)] gap-3">
                {data.items.map((q, i) => (
                  <PyqQuestionCard
                    key={q.id}
                    question={q}
                    number={offset + i + 1}
                    language={language}
                    discussionCount={discussionCounts[q.id] ?? 0}
                  />
                ))}
              </ol>
              <Pagination
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPageChange={changePage}
              />
            </>
          )}
        </QueryContent>
      </section>
    </>
  );

  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title={t(PYQ_TEXT.title)}
        description={t("Questions from past UPSC Prelims papers, by subject, topic and year.")}
        backTo="/student/dashboard"
      />
      <QueryContent
        query={options}
        loading={browse(undefined)}
        errorTitle={t("Error fetching data")}
        errorFallback={msg("The subjects could not be loaded.")}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState
            title={t("No previous-year questions yet")}
            description={t("Questions appear here once previous-year papers are added.")}
            action={
              <Button asChild>
                <Link to="/student/exams?filter=pyp">{t("Browse previous-year papers")}</Link>
              </Button>
            }
          />
        }
      >
        {(data) => browse(data)}
      </QueryContent>
    </div>
  );
}
