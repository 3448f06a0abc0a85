import { MainsQuestionFacts } from "@web/components/answer-copy/mains-question-facts.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { usePickText } from "@web/lib/content-language.ts";
import { formatDate } from "@web/lib/format.ts";
import { PenLine } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { StudentMainsQuestion } from "../api/answer-evaluation.ts";
import { marksOutOf, STAGE_LABELS, stageOfStatus } from "../lib/stages.ts";

export const answerPath = (questionId: string) => `/student/answer-evaluation/${questionId}`;

/** Where the student stands with a question: the way in, or the copy's stage (and marks). */
function CopyAction({ question }: { question: StudentMainsQuestion }) {
  const { t } = useTranslation();
  const copy = question.myCopy;
  const stage = copy ? stageOfStatus(copy.status) : null;
  if (!copy || stage === "draft") {
    return (
      <Button asChild size="sm" className="justify-self-start">
        <Link to={answerPath(question.id)}>
          <PenLine aria-hidden="true" />
          {copy ? t("Continue your answer") : t("Write your answer")}
        </Link>
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant={stage === "evaluated" ? "success" : "secondary"}>
        {t(STAGE_LABELS[stage ?? "submitted"])}
      </Badge>
      {stage === "evaluated" && copy.marks !== null ? (
        <span className="text-sm font-semibold">{marksOutOf(copy.marks, question.marks)}</span>
      ) : null}
      <Link to={answerPath(question.id)} className="text-sm font-medium text-primary underline">
        {stage === "evaluated" ? t("See your evaluation") : t("See your answer")}
      </Link>
    </div>
  );
}

/** A Mains question as the student's list shows it: what it asks, its facts, the way in. */
export function QuestionCard({
  question,
  headingLevel = "h3",
  className,
}: {
  question: StudentMainsQuestion;
  headingLevel?: "h2" | "h3";
  className?: string;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel;
  const text = usePickText()(question.questionText, question.questionTextHi);
  return (
    <article
      className={cn(
        "grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm",
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <MainsQuestionFacts question={question} />
        <time dateTime={question.publishDate} className="text-xs text-muted-foreground">
          {t("Published {{date}}", { date: formatDate(question.publishDate) })}
        </time>
      </div>
      <Heading lang={text.lang} className="text-base font-medium leading-relaxed">
        {text.text}
      </Heading>
      <CopyAction question={question} />
    </article>
  );
}
