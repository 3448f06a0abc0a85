import { cn } from "@web/lib/cn.ts";
import { CheckCircle2, MinusCircle, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { OptionKey } from "../../../shared/constants.ts";
import { OPTION_KEYS } from "../../../shared/constants.ts";
import { KEY_HOLD_TEXT, type KeyHold } from "../../../shared/key-gate.ts";
import type { QuestionTranslations } from "../../../shared/question-translations.ts";
import type { Language } from "../../../shared/quiz-constants.ts";
import { contentLang } from "../../lib/content-language.ts";
import { useDiscussionCounts } from "../question-discussion/use-discussion-counts.ts";
import { QuestionText } from "../rich-text/rich-text.tsx";
import { Button } from "../ui/button.tsx";
import { QuestionFooter } from "./question-footer.tsx";
import { inLanguage } from "./question-language.ts";
import { SaveForRevisionButton } from "./save-for-revision.tsx";

export type ReviewedAnswer = {
  question: {
    id: string;
    questionText: string;
    options: Record<OptionKey, string> | null;
    /** Null while the server's answer-keys gate holds it (`keyHold` says why). */
    correctAnswer: OptionKey | null;
    explanation: string | null;
    /** Its other languages: shown in place of the English where `language` asks for one. */
    translations?: QuestionTranslations;
    /** After a key change (decision 064): options also right, or the question dropped. */
    alsoAccepted?: string[];
    droppedAs?: "award" | "exclude" | null;
    /** Its paper, whose key-change log a changed question links to. */
    paperId?: string | null;
  };
  selectedAnswer: OptionKey | null;
  isCorrect: boolean | null;
  keyHold?: KeyHold | null;
};

type Verdict = "correct" | "wrong" | "unanswered" | "held" | "dropped";

function verdictOf(answer: ReviewedAnswer): Verdict {
  // A question dropped out of the total counts for nobody (decision 064).
  if (answer.question.droppedAs === "exclude") return "dropped";
  // Unanswered is its own verdict: it scores no penalty and is not a wrong answer.
  if (answer.selectedAnswer === null && answer.question.droppedAs !== "award") return "unanswered";
  if (answer.keyHold || answer.question.correctAnswer === null) return "held";
  return (answer.isCorrect ?? isAccepted(answer.question, answer.selectedAnswer))
    ? "correct"
    : "wrong";
}

/** The key or an option also accepted after a key change. */
function isAccepted(question: ReviewedAnswer["question"], key: OptionKey | null): boolean {
  return (
    key !== null && (key === question.correctAnswer || (question.alsoAccepted ?? []).includes(key))
  );
}

/** A changed key's note: what is right now, or how a dropped question counts, with the log. */
function KeyChangeNote({ question }: { question: ReviewedAnswer["question"] }) {
  const { t } = useTranslation();
  const also = question.alsoAccepted ?? [];
  if (!question.droppedAs && also.length === 0) return null;
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {question.droppedAs === "award"
        ? t("This question was dropped after a key challenge: everyone gets its marks.")
        : question.droppedAs === "exclude"
          ? t(
              "This question was dropped after a key challenge: it is not counted in anyone's score.",
            )
          : t("After a key challenge, {{options}} are also accepted as right.", {
              options: also.join(", "),
            })}{" "}
      {question.paperId ? (
        <Link className="font-medium underline" to={`/exams/${question.paperId}/key-changes`}>
          {t("Key-change log")}
        </Link>
      ) : null}
    </p>
  );
}

function OptionLabel({
  options,
  optionKey: key,
}: {
  options: Record<OptionKey, string> | null;
  optionKey: OptionKey | null;
}) {
  const { t } = useTranslation();
  if (key === null) return t("Not Answered");
  if (!options) return key;
  const text = options[key];
  return typeof text === "string" ? (
    <>
      {key}. <QuestionText as="span" text={text} />
    </>
  ) : (
    `${key}. ${t("(Invalid Option Data)")}`
  );
}

function Explanation({ text, mode }: { text: string | null; mode: "inline" | "toggle" }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  if (!text) return null;
  if (mode === "inline") {
    return (
      <div className="rounded-md bg-muted p-3 text-sm">
        <span className="font-semibold">{t("Explanation:")} </span>
        <QuestionText as="span" text={text} />
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((v) => !v)}
      >
        {isOpen ? t("Hide Explanation") : t("Show Explanation")}
      </Button>
      {isOpen ? <QuestionText className="rounded-md bg-muted p-3 text-sm" text={text} /> : null}
    </div>
  );
}

/**
 * Every question with the student's answer, the correct one and the explanation, in the question
 * language chosen (`language`) where the question has that version, else as written; each
 * question carries the `lang` of the text it shows.
 */
export function AnswerReview(props: {
  answers: ReviewedAnswer[];
  explanationMode?: "inline" | "toggle";
  showOptions?: boolean;
  language?: Language;
  /**
   * The student's own completed attempt: each question gets a "Save for revision" toggle. Left
   * out for anyone else's review (an admin's) and for an attempt still open.
   */
  revisionAttemptId?: string;
  /** More about each question, below its explanation (the revision notebook's schedule and actions). */
  extra?: (questionId: string) => ReactNode;
  /** The number of the first question shown (a later page of a list continues the count). */
  firstNumber?: number;
  /**
   * The student's own review: each question whose key is open gets "Report an error" and its
   * discussion (decision 064). Left out for an admin looking at a student's attempt.
   */
  discussion?: boolean;
  /** The paper (exam or quiz) whose key-change log the review links to (decision 064). */
  keyChangeLogOf?: string | null;
}) {
  const { t } = useTranslation();
  const counts = useDiscussionCounts(
    props.answers
      .filter((a) => !a.keyHold && a.question.correctAnswer !== null)
      .map((a) => a.question.id),
    props.discussion === true,
  );
  if (props.answers.length === 0) {
    return (
      <p className="text-muted-foreground">{t("No detailed answers found for this attempt.")}</p>
    );
  }
  return (
    <>
      {props.keyChangeLogOf ? (
        <p className="text-sm">
          <Link
            className="font-medium text-primary underline"
            to={`/exams/${props.keyChangeLogOf}/key-changes`}
          >
            {t("Key-change log")}
          </Link>{" "}
          <span className="text-muted-foreground">
            {t("Every corrected key and dropped question of this paper.")}
          </span>
        </p>
      ) : null}
      <ol className="grid grid-cols-[minmax(0,1fr)] gap-3" start={props.firstNumber}>
        {props.answers.map((shown, index) => {
          const translated = props.language === "hi" && shown.question.translations?.hi;
          const answer = { ...shown, question: inLanguage(shown.question, props.language ?? "en") };
          const lang = translated ? "hi" : contentLang(shown.question.questionText);
          const verdict = verdictOf(answer);
          const isCorrect = verdict === "correct";
          const held =
            answer.keyHold ?? (answer.question.correctAnswer === null ? "unanswered" : null);
          const options =
            answer.question.options && typeof answer.question.options === "object"
              ? answer.question.options
              : null;
          return (
            <li
              key={answer.question.id}
              lang={lang}
              data-verdict={verdict}
              className={cn(
                "grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 rounded-lg border bg-background p-4",
                verdict === "correct"
                  ? "border-success/40"
                  : verdict === "wrong"
                    ? "border-destructive/40"
                    : "border-border",
              )}
            >
              <div className="flex items-start gap-2">
                {verdict === "correct" ? (
                  <CheckCircle2
                    className="mt-0.5 size-5 shrink-0 text-success"
                    aria-hidden="true"
                  />
                ) : verdict === "wrong" ? (
                  <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
                ) : (
                  <MinusCircle
                    className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                    aria-hidden="true"
                  />
                )}
                <span
                  className={cn(
                    "mt-0.5 shrink-0 text-xs font-semibold uppercase",
                    verdict === "correct"
                      ? "text-success"
                      : verdict === "wrong"
                        ? "text-destructive"
                        : "text-muted-foreground",
                  )}
                >
                  {verdict === "correct"
                    ? t("Correct")
                    : verdict === "wrong"
                      ? t("Wrong")
                      : verdict === "held"
                        ? t("Answered")
                        : verdict === "dropped"
                          ? t("Dropped")
                          : t("Unanswered")}
                </span>
                <div className="flex min-w-0 gap-1">
                  <span>{index + (props.firstNumber ?? 1)}.</span>
                  <QuestionText className="min-w-0 flex-1" text={answer.question.questionText} />
                </div>
              </div>
              {props.showOptions ? (
                options ? (
                  <ul className="grid gap-1 pl-7 text-sm">
                    {OPTION_KEYS.map((key) => (
                      <li
                        key={key}
                        className={cn(
                          isAccepted(answer.question, key) && "font-semibold text-success",
                          key === answer.selectedAnswer &&
                            (held
                              ? "font-semibold"
                              : !isAccepted(answer.question, key) &&
                                "text-destructive line-through"),
                        )}
                      >
                        <OptionLabel options={options} optionKey={key} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="pl-7 text-sm text-muted-foreground">{t("Options not available")}</p>
                )
              ) : null}
              <dl className="grid gap-1 pl-7 text-sm sm:grid-cols-2">
                <div>
                  <dt className="inline text-muted-foreground">{t("Your answer:")} </dt>
                  <dd
                    className={cn(
                      "inline font-medium",
                      verdict === "unanswered" || verdict === "held"
                        ? "text-muted-foreground"
                        : isCorrect
                          ? "text-success"
                          : "text-destructive",
                    )}
                  >
                    <OptionLabel options={options} optionKey={answer.selectedAnswer} />
                  </dd>
                </div>
                {held ? null : (
                  <div>
                    <dt className="inline text-muted-foreground">{t("Correct answer:")} </dt>
                    <dd className="inline font-medium text-success">
                      <OptionLabel options={options} optionKey={answer.question.correctAnswer} />
                    </dd>
                  </div>
                )}
              </dl>
              {held ? null : (
                <div className="pl-7 empty:hidden">
                  <KeyChangeNote question={answer.question} />
                </div>
              )}
              <div className="pl-7">
                {held ? (
                  <p className="rounded-md bg-muted p-3 text-sm" data-key-hold={held}>
                    {t(KEY_HOLD_TEXT[held])}
                  </p>
                ) : (
                  <Explanation
                    text={answer.question.explanation}
                    mode={props.explanationMode ?? "inline"}
                  />
                )}
              </div>
              {props.revisionAttemptId && !held ? (
                <div className="pl-7">
                  <SaveForRevisionButton
                    attemptId={props.revisionAttemptId}
                    questionId={answer.question.id}
                  />
                </div>
              ) : null}
              {props.extra ? <div className="pl-7">{props.extra(answer.question.id)}</div> : null}
              {props.discussion && !held ? (
                <div className="pl-7">
                  <QuestionFooter
                    questionId={answer.question.id}
                    discussionCount={counts[answer.question.id] ?? 0}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
