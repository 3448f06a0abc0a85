import { PageHeader } from "@web/components/layout/page-header.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { formatDate } from "@web/lib/format.ts";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MAINS_PAPER_LABELS } from "../../../../shared/evaluation.ts";
import {
  type MyEvaluation,
  useMainsQuestions,
  useMyEvaluations,
} from "../api/answer-evaluation.ts";
import { AllowanceNote } from "../components/allowance-note.tsx";
import { answerPath, QuestionCard } from "../components/question-card.tsx";
import { marksOutOf, STAGE_LABELS } from "../lib/stages.ts";

/** Moves the reader to a list's heading after they turn its page. */
function useListHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = () => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: "start" });
  };
  return [heading, focus] as const;
}

function EvaluationRow({ copy }: { copy: MyEvaluation }) {
  const { t } = useTranslation();
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-background p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{t(MAINS_PAPER_LABELS[copy.paper] ?? copy.paper)}</Badge>
        <Badge variant={copy.stage === "evaluated" ? "success" : "outline"}>
          {t(STAGE_LABELS[copy.stage])}
        </Badge>
        {copy.stage === "evaluated" && copy.marks !== null ? (
          <span className="ml-auto text-base font-semibold">
            <span className="sr-only">{t("Marks")}: </span>
            {marksOutOf(copy.marks, copy.outOf)}
          </span>
        ) : null}
      </div>
      <Link
        to={answerPath(copy.questionId)}
        className="line-clamp-3 font-medium text-primary hover:underline"
      >
        <LocalText english={copy.questionText} hindi={copy.questionTextHi} />
      </Link>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>{t("Submitted")}:</dt>
          <dd>{formatDate(copy.submittedAt)}</dd>
        </div>
        {copy.evaluatedAt ? (
          <div className="flex gap-1">
            <dt>{t("Evaluated")}:</dt>
            <dd>{formatDate(copy.evaluatedAt)}</dd>
          </div>
        ) : copy.dueAt ? (
          <div className="flex gap-1">
            <dt>{t("Due by")}:</dt>
            <dd>{formatDate(copy.dueAt)}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

function MyEvaluations() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const mine = useMyEvaluations(page);
  const [heading, focusHeading] = useListHeading();
  return (
    <section aria-labelledby="my-evaluations" className="grid min-w-0 gap-3">
      <h2
        id="my-evaluations"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold focus:outline-none"
      >
        {t("My evaluations")}
      </h2>
      <QueryContent
        query={mine}
        loadingLabel={t("Loading...")}
        errorTitle={t("Error fetching data")}
        isEmpty={(data) => data.total === 0}
        empty={
          <p className="text-sm text-muted-foreground">
            {t("Answers you submit are listed here with their evaluation.")}
          </p>
        }
      >
        {(data) => (
          <>
            <ul className="grid gap-3">
              {data.items.map((copy) => (
                <EvaluationRow key={copy.id} copy={copy} />
              ))}
            </ul>
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPageChange={(next) => {
                setPage(next);
                focusHeading();
              }}
            />
          </>
        )}
      </QueryContent>
    </section>
  );
}

/**
 * /student/answer-evaluation: today's Mains question, the evaluations left, the earlier
 * questions a page at a time, and the student's evaluations with their stage and marks.
 */
export function AnswerEvaluationPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const questions = useMainsQuestions(page);
  const [earlierHeading, focusEarlier] = useListHeading();

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6">
      <PageHeader
        title={t("Answer Evaluation")}
        description={t(
          "Write an answer to a Mains question, upload it, and a mentor returns it marked against a rubric.",
        )}
        backTo="/student/dashboard"
      />
      <QueryContent
        query={questions}
        loadingLabel={t("Loading...")}
        errorTitle={t("Error fetching data")}
      >
        {(data) => (
          <>
            <section aria-labelledby="todays-question" className="grid gap-3">
              <h2 id="todays-question" className="text-lg font-semibold">
                {data.today && !data.today.isToday
                  ? t("Latest Mains question")
                  : t("Today's Mains question")}
              </h2>
              <AllowanceNote allowance={data.allowance} />
              {data.today ? (
                <QuestionCard question={data.today} className="border-primary/40 bg-secondary/20" />
              ) : (
                <EmptyState
                  title={t("No Mains question yet")}
                  description={t("A new question is published every day. Check back soon.")}
                />
              )}
            </section>
            {data.earlier.total > 0 ? (
              <section aria-labelledby="earlier-questions" className="grid gap-3">
                <h2
                  id="earlier-questions"
                  ref={earlierHeading}
                  tabIndex={-1}
                  className="text-lg font-semibold focus:outline-none"
                >
                  {t("Earlier questions")}
                </h2>
                <ul className="grid gap-3">
                  {data.earlier.items.map((question) => (
                    <li key={question.id}>
                      <QuestionCard question={question} />
                    </li>
                  ))}
                </ul>
                <Pagination
                  page={data.earlier.page}
                  pageSize={data.earlier.pageSize}
                  total={data.earlier.total}
                  onPageChange={(next) => {
                    setPage(next);
                    focusEarlier();
                  }}
                />
              </section>
            ) : null}
          </>
        )}
      </QueryContent>
      <MyEvaluations />
    </div>
  );
}
