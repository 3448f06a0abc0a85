import { Badge } from "@web/components/ui/badge.tsx";
import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { i18n } from "@web/lib/i18n.ts";
import { useTranslation } from "react-i18next";
import { MAINS_PAPER_LABELS, type MainsPaper } from "../../../shared/mains-papers.ts";

/** What a Mains question says of itself besides its text. */
export type MainsQuestionFactsOf = {
  paper: MainsPaper;
  subjectName: string | null;
  topicName: string | null;
  directive: string | null;
  wordLimit: number | null;
  marks: number;
};

/** "150 words", "250 words" or "No word limit" (an essay), in the interface language. */
export function wordLimitLabel(wordLimit: number | null): string {
  return wordLimit === null
    ? i18n.t("No word limit")
    : i18n.t("{{words}} words", { words: wordLimit });
}

/** "10 marks". */
export function marksLabel(marks: number): string {
  return i18n.t("{{marks}} marks", { marks });
}

/**
 * A Mains question's paper, subject and topic, directive word, word limit and marks, as a row of
 * small labels that wraps on a phone (the student's question cards and answer page).
 */
export function MainsQuestionFacts({
  question,
  className,
}: {
  question: MainsQuestionFactsOf;
  className?: string;
}) {
  const { t } = useTranslation();
  const subject = [question.subjectName, question.topicName].filter(Boolean).join(" › ");
  return (
    <ul aria-label={t("About this question")} className={cn("flex flex-wrap gap-1.5", className)}>
      <li>
        <Badge variant="secondary">{t(MAINS_PAPER_LABELS[question.paper] ?? question.paper)}</Badge>
      </li>
      {subject ? (
        <li>
          <Badge variant="outline" lang={contentLang(subject)}>
            {subject}
          </Badge>
        </li>
      ) : null}
      {question.directive ? (
        <li>
          <Badge variant="outline" lang={contentLang(question.directive)}>
            {question.directive}
          </Badge>
        </li>
      ) : null}
      <li>
        <Badge variant="outline">{wordLimitLabel(question.wordLimit)}</Badge>
      </li>
      <li>
        <Badge variant="outline">{marksLabel(question.marks)}</Badge>
      </li>
    </ul>
  );
}
