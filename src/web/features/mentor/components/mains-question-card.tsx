import { MainsQuestionFacts } from "@web/components/answer-copy/mains-question-facts.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { formatSpan, secondsUntil } from "@web/lib/time-left.ts";
import { useTranslation } from "react-i18next";
import type { MainsMark } from "../api/mains-mark.ts";
import { MARK_ROUND_LABELS } from "./mains-round.ts";

/**
 * What the mentor marks: the test, the round (a second marking says it is blind), the claim's
 * time left, the question with its marks and word limit, and the model answer folded away.
 */
export function MainsQuestionCard({ mark }: { mark: MainsMark }) {
  const { t } = useTranslation();
  const { question, test } = mark;
  const expiresIn = secondsUntil(mark.claimExpiresAt);
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <LocalText english={test.title} hindi={test.titleHi} className="font-medium" />
        <Badge variant="outline">{t(MARK_ROUND_LABELS[mark.round])}</Badge>
        {mark.status === "marked" ? (
          <span>{t("Submitted {{date}}", { date: formatDateTime(mark.markedAt) })}</span>
        ) : expiresIn !== null ? (
          <span className={expiresIn < 3 * 3600 ? "font-medium text-destructive" : undefined}>
            {t("Claim expires in {{time}}", { time: formatSpan(Math.max(expiresIn, 0)) })}
          </span>
        ) : null}
      </div>
      {mark.round !== "first" ? (
        <p className="text-sm text-muted-foreground">
          {t("Marked blind: you see neither the other marks nor who gave them.")}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <strong>{t("Question {{position}}", { position: question.position })}</strong>
        <MainsQuestionFacts
          question={{ ...question, paper: test.paper, subjectName: null, topicName: null }}
        />
      </div>
      <h2 className="sr-only">{t("Question")}</h2>
      <LocalText
        as="p"
        english={question.questionText}
        hindi={question.questionTextHi}
        className="whitespace-pre-wrap text-base font-medium"
      />
      {question.modelAnswer || question.modelAnswerHi ? (
        <details className="rounded-md border border-border p-3">
          <summary className="cursor-pointer font-medium">{t("Model answer")}</summary>
          <LocalText
            as="p"
            english={question.modelAnswer}
            hindi={question.modelAnswerHi}
            className="whitespace-pre-wrap pt-3 text-sm"
          />
        </details>
      ) : null}
    </Card>
  );
}
