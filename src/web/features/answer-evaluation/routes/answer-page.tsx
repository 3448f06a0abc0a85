import "@web/lib/devanagari-font.ts";
import { MainsQuestionFacts } from "@web/components/answer-copy/mains-question-facts.tsx";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { formatDate } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { type AnswerPageData, useAnswerPage } from "../api/answer-evaluation.ts";
import { AllowanceNote } from "../components/allowance-note.tsx";
import { AnswerComposer } from "../components/answer-composer.tsx";
import { CopyPages } from "../components/copy-pages.tsx";
import { CopyTimeline } from "../components/copy-timeline.tsx";
import {
  EvaluationSummary,
  FeedbackSection,
  ModelAnswer,
} from "../components/evaluation-result.tsx";

function QuestionPanel({ question }: { question: AnswerPageData["question"] }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="mains-question"
      className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mains-question" className="text-sm font-semibold text-muted-foreground">
          {t("Question")}
        </h2>
        <time dateTime={question.publishDate} className="text-xs text-muted-foreground">
          {t("Published {{date}}", { date: formatDate(question.publishDate) })}
        </time>
      </div>
      <LocalText
        as="p"
        english={question.questionText}
        hindi={question.questionTextHi}
        className="whitespace-pre-wrap text-lg font-medium leading-relaxed"
      />
      <MainsQuestionFacts question={question} />
    </section>
  );
}

function AnswerPageBody({ data }: { data: AnswerPageData }) {
  const { question, copy, allowance } = data;
  if (!copy || copy.stage === "draft") {
    return (
      <>
        <AllowanceNote allowance={allowance} />
        <AnswerComposer
          questionId={question.id}
          wordLimit={question.wordLimit}
          stored={copy?.files ?? []}
        />
      </>
    );
  }
  return (
    <>
      <CopyTimeline copy={copy} />
      {copy.evaluation ? <EvaluationSummary copy={copy} evaluation={copy.evaluation} /> : null}
      <CopyPages copy={copy} />
      {copy.evaluation ? (
        <>
          <ModelAnswer copy={copy} />
          <FeedbackSection questionId={question.id} copy={copy} />
        </>
      ) : null}
    </>
  );
}

/**
 * /student/answer-evaluation/:questionId: the question, then the student's answer: written and
 * submitted here, followed through its evaluation, and read back marked.
 */
export function AnswerPage() {
  const { t } = useTranslation();
  const { questionId = "" } = useParams();
  const page = useAnswerPage(questionId);
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6">
      <PageHeader
        title={t("Answer Evaluation")}
        backTo="/student/answer-evaluation"
        backLabel={t("All Mains questions")}
      />
      <QueryContent
        query={page}
        loadingLabel={t("Loading...")}
        errorTitle={t("Error fetching data")}
      >
        {(data) => (
          <>
            <QuestionPanel question={data.question} />
            <AnswerPageBody data={data} />
          </>
        )}
      </QueryContent>
    </div>
  );
}
