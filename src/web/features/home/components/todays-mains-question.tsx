import { MainsQuestionFacts } from "@web/components/answer-copy/mains-question-facts.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { PenLine } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTodaysMainsQuestion } from "../api/todays-mains-question.ts";

/**
 * A signed-in student's "Today's Mains question" (decision 042): the question, shortened, with its
 * facts and the way to write the answer (or to the answer already written). Nothing while it
 * loads, when it fails, or when no question is published yet.
 */
export function TodaysMainsQuestion() {
  const { t } = useTranslation();
  const query = useTodaysMainsQuestion(true);
  const question = query.data?.today;
  if (!question) return null;
  const path = `/student/answer-evaluation/${question.id}`;
  const copy = question.myCopy;
  return (
    <section
      aria-labelledby="todays-mains-question"
      className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="todays-mains-question" className="text-lg font-semibold">
          {question.isToday ? t("Today's Mains question") : t("Latest Mains question")}
        </h2>
        <Link
          to="/student/answer-evaluation"
          className="text-sm font-medium text-primary hover:underline"
        >
          {t("View all")}
        </Link>
      </div>
      <MainsQuestionFacts question={question} />
      <LocalText
        as="p"
        english={question.questionText}
        hindi={question.questionTextHi}
        className="line-clamp-3 leading-relaxed"
      />
      <Button asChild size="sm" className="justify-self-start">
        <Link to={path}>
          <PenLine aria-hidden="true" />
          {!copy
            ? t("Write your answer")
            : copy.status === "draft"
              ? t("Continue your answer")
              : copy.status === "evaluated"
                ? t("See your evaluation")
                : t("See your answer")}
        </Link>
      </Button>
    </section>
  );
}
