import { QuestionFooter } from "@web/components/exam/question-footer.tsx";
import { QuestionText } from "@web/components/rich-text/rich-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { CheckCircle2, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OPTION_KEYS, type OptionKey } from "../../../../shared/constants.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { KEY_HOLD_TEXT } from "../../../../shared/key-gate.ts";
import type { PyqQuestion } from "../../../../shared/pyq.ts";
import type { Language } from "../../../../shared/quiz-constants.ts";
import { PLANS_PATH } from "../../../../shared/subscriptions.ts";
import { useAnswerPyq } from "../api/pyq.ts";

/**
 * One previous-year question: its year, subject, topic and paper, then its options to choose
 * from. "Check answer" sends the choice; only the server's answer carries the key, the verdict
 * and the explanation, shown in place of the choice (and again after a reload). Once answered,
 * the question's discussion and "Report an error" follow (the key gate has opened them).
 */
export function PyqQuestionCard(props: {
  question: PyqQuestion;
  number: number;
  language: Language;
  /** Posts in the question's discussion, shown below it once answered (decision 064). */
  discussionCount: number;
}) {
  const { t } = useTranslation();
  const { question: q } = props;
  const hindi = props.language === "hi" ? q.translations.hi : undefined;
  const text = hindi?.questionText ?? q.questionText;
  const options = hindi?.options ?? q.options;
  const lang = hindi ? "hi" : contentLang(q.questionText);
  const headingId = useId();
  const [choice, setChoice] = useState<OptionKey | null>(null);
  const answer = useAnswerPyq();
  const verdict = q.answer;
  const explanation =
    verdict &&
    (props.language === "hi" && verdict.explanationHi
      ? verdict.explanationHi
      : verdict.explanation);
  const refusedForPlan =
    answer.error && "code" in answer.error && answer.error.code === "FORBIDDEN";

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={cn(
          "grid min-w-0 gap-3 rounded-lg border bg-background p-4 shadow-sm",
          verdict === null
            ? "border-border"
            : verdict.isCorrect
              ? "border-success/50"
              : "border-destructive/50",
        )}
      >
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="default">{q.year}</Badge>
          {q.subject ? (
            <Badge variant="secondary" lang={contentLang(q.subject.name)}>
              {q.subject.name}
            </Badge>
          ) : null}
          {q.topic ? (
            <Badge variant="outline" lang={contentLang(q.topic.name)}>
              {q.topic.name}
            </Badge>
          ) : null}
          {q.source.isFree ? null : <Badge variant="warning">{t("Premium")}</Badge>}
        </div>
        <p className="text-xs text-muted-foreground" lang={contentLang(q.source.title)}>
          {q.source.title}
        </p>
        <h3 id={headingId} className="sr-only">
          {t("Question {{number}}", { number: props.number })}
        </h3>
        <div lang={lang} className="grid min-w-0 gap-3">
          <div className="flex min-w-0 gap-1.5">
            <span className="font-semibold">{props.number}.</span>
            <QuestionText className="min-w-0 flex-1" text={text} />
          </div>
          {verdict === null ? (
            <fieldset className="grid min-w-0 gap-2">
              <legend className="sr-only">
                {t("Your answer to question {{number}}", { number: props.number })}
              </legend>
              {OPTION_KEYS.map((key) => (
                <label
                  key={key}
                  className={cn(
                    "flex min-h-11 cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm",
                    choice === key ? "border-primary bg-secondary" : "border-border hover:bg-muted",
                  )}
                >
                  <input
                    type="radio"
                    name={`pyq-${q.id}`}
                    value={key}
                    checked={choice === key}
                    onChange={() => setChoice(key)}
                    className="mt-1 size-4 shrink-0 accent-primary"
                  />
                  <span className="font-semibold">{key}.</span>{" "}
                  <QuestionText as="span" className="min-w-0" text={options[key] ?? ""} />
                </label>
              ))}
            </fieldset>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {OPTION_KEYS.map((key) => {
                const isKey = key === verdict.correctAnswer;
                const isMine = key === verdict.selectedAnswer;
                return (
                  <li
                    key={key}
                    className={cn(
                      "flex items-start gap-2 rounded-md border px-3 py-2",
                      isKey
                        ? "border-success/60 bg-success/10 font-semibold"
                        : isMine
                          ? "border-destructive/60 bg-destructive/10"
                          : "border-border",
                    )}
                  >
                    <span className="font-semibold">{key}.</span>{" "}
                    <QuestionText as="span" className="min-w-0 flex-1" text={options[key] ?? ""} />
                    {isKey ? (
                      <span className="shrink-0 text-xs font-semibold text-green-800">
                        {t("Correct answer")}
                      </span>
                    ) : isMine ? (
                      <span className="shrink-0 text-xs font-semibold text-destructive">
                        {t("Your answer")}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {/* Announced when the verdict arrives; present from the start so readers hear it. */}
        <div aria-live="polite" className="grid gap-2">
          {verdict ? (
            <>
              <p
                className={cn(
                  "flex items-center gap-1.5 font-semibold",
                  verdict.isCorrect ? "text-success" : "text-destructive",
                )}
              >
                {verdict.isCorrect ? (
                  <CheckCircle2 className="size-5" aria-hidden="true" />
                ) : (
                  <XCircle className="size-5" aria-hidden="true" />
                )}
                {verdict.isCorrect
                  ? t("Correct")
                  : t("Wrong: the answer is {{key}}", { key: verdict.correctAnswer })}
              </p>
              {explanation ? (
                <div
                  lang={
                    props.language === "hi" && verdict.explanationHi
                      ? "hi"
                      : contentLang(explanation)
                  }
                  className="rounded-md bg-muted p-3 text-sm"
                >
                  <span className="font-semibold">{t("Explanation:")} </span>
                  <QuestionText as="span" text={explanation} />
                </div>
              ) : null}
            </>
          ) : q.keyHold ? (
            <p className="rounded-md bg-muted p-3 text-sm" data-key-hold={q.keyHold}>
              {t(KEY_HOLD_TEXT[q.keyHold])}
            </p>
          ) : answer.error ? (
            <InlineAlert>
              {errorMessage(
                answer.error,
                msg("Your answer could not be checked. Please try again."),
              )}
              {refusedForPlan ? (
                <>
                  {" "}
                  <Link to={PLANS_PATH} className="font-medium underline underline-offset-4">
                    {t("View Plans")}
                  </Link>
                </>
              ) : null}
            </InlineAlert>
          ) : null}
        </div>
        {verdict === null && !q.keyHold ? (
          <Button
            type="button"
            className="justify-self-start"
            disabled={choice === null || answer.isPending}
            onClick={() => {
              if (choice) answer.mutate({ questionId: q.id, selectedAnswer: choice });
            }}
          >
            {answer.isPending ? t("Checking...") : t("Check answer")}
          </Button>
        ) : null}
        {/* Answered: "Report an error" and the discussion, as under a reviewed question. */}
        {verdict ? (
          <QuestionFooter questionId={q.id} discussionCount={props.discussionCount} />
        ) : null}
      </article>
    </li>
  );
}
