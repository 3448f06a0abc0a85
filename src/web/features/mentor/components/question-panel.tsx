import { LocalText } from "@web/components/local-text.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { useTranslation } from "react-i18next";
import type { MentorCopy } from "../api/copy.ts";
import { PaperBadge } from "./copy-facts.tsx";

/**
 * The question the copy answers (paper, subject and topic, marks, directive, word limit), and the
 * model answer folded away until the mentor opens it.
 */
export function QuestionPanel({ copy }: { copy: MentorCopy }) {
  const { t } = useTranslation();
  const { question } = copy;
  const taxonomy = [question.subjectName, question.topicName].filter(Boolean).join(" · ");
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <PaperBadge paper={question.paper} />
        {taxonomy ? <span lang={contentLang(taxonomy)}>{taxonomy}</span> : null}
        <span>{t("{{marks}} marks", { marks: question.marks })}</span>
        <span>
          {question.wordLimit === null
            ? t("No word limit")
            : t("{{words}} words", { words: question.wordLimit })}
        </span>
        {question.directive ? (
          <span>
            {t("Directive")}:{" "}
            <strong lang={contentLang(question.directive)}>{question.directive}</strong>
          </span>
        ) : null}
      </div>
      <h2 className="sr-only">{t("Question")}</h2>
      <LocalText
        as="p"
        english={question.questionText}
        hindi={question.questionTextHi}
        className="whitespace-pre-wrap text-base font-medium"
      />
      {copy.modelAnswer && (copy.modelAnswer.text || copy.modelAnswer.textHi) ? (
        <details className="rounded-md border border-border p-3">
          <summary className="cursor-pointer font-medium">{t("Model answer")}</summary>
          <div className="grid gap-3 pt-3 text-sm">
            {copy.modelAnswer.text ? (
              <p lang={contentLang(copy.modelAnswer.text)} className="whitespace-pre-wrap">
                {copy.modelAnswer.text}
              </p>
            ) : null}
            {copy.modelAnswer.textHi ? (
              <p lang="hi" className="whitespace-pre-wrap">
                {copy.modelAnswer.textHi}
              </p>
            ) : null}
          </div>
        </details>
      ) : null}
    </Card>
  );
}
