// Posts may be in Hindi whatever the interface language: the Devanagari font comes with them.
import "@web/lib/devanagari-font.ts";
import { LanguageSwitch } from "@web/components/exam/language-switch.tsx";
import { hasHindi, inLanguage } from "@web/components/exam/question-language.ts";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import {
  type discussionQuestionQueryOptions,
  useDiscussionQuestion,
} from "@web/components/question-discussion/discussion-api.ts";
import { DiscussionThread } from "@web/components/question-discussion/discussion-thread.tsx";
import { postAnchor } from "@web/components/question-discussion/post-item.tsx";
import { QuestionText } from "@web/components/rich-text/rich-text.tsx";
import { QueryContent, type QueryData } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { useQuestionLanguage } from "@web/lib/use-question-language.ts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "react-router";
import { OPTION_KEYS } from "../../../../shared/constants.ts";
import type { Language } from "../../../../shared/quiz-constants.ts";

type Question = QueryData<typeof discussionQuestionQueryOptions>;

/**
 * /questions/:id/discussion (decision 064): a question with its key and explanation, and its
 * discussion, where a notification of a reply or a pinned explanation leads ("#post-3" opens at
 * post 3). The server's key gate decides, as in a review: before the student answered the
 * question it is not found. The review's inline discussion is the usual way in.
 */
export function QuestionDiscussionPage() {
  const { t } = useTranslation();
  const { questionId = "" } = useParams();
  const question = useDiscussionQuestion(questionId);
  const [language, setLanguage] = useQuestionLanguage();
  const auth = useAuth();
  const back =
    auth.status === "signed-in" && auth.role === "admin"
      ? "/admin/discussions"
      : auth.status === "signed-in" && auth.role === "mentor"
        ? "/mentor/discussions"
        : "/results";
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6">
      <PageHeader
        title={t("Discussion")}
        backTo={back}
        backLabel={back === "/results" ? t("Back to Results") : t("Back to Discussions")}
      />
      <QueryContent
        query={question}
        loadingLabel={t("Loading the discussion...")}
        error={() => (
          <EmptyState
            title={t("This discussion is not available.")}
            description={t(
              "A question's discussion opens once you have answered it and its answer is shown to you.",
            )}
          />
        )}
      >
        {(data) => (
          <>
            <QuestionCard question={data} language={language} onLanguage={setLanguage} />
            <section aria-labelledby="discussion-heading" className="grid min-w-0 gap-3">
              <h2 id="discussion-heading" className="text-lg font-semibold">
                {t("Posts")}
              </h2>
              <DiscussionThread questionId={questionId} />
              <ScrollToPost questionId={questionId} />
            </section>
          </>
        )}
      </QueryContent>
    </div>
  );
}

/** "#post-3" in the address (a notification's link) scrolls to post 3 once it is drawn. */
function ScrollToPost(props: { questionId: string }) {
  const { hash } = useLocation();
  useEffect(() => {
    const number = /^#post-(\d+)$/.exec(hash)?.[1];
    if (!number) return;
    const id = postAnchor(props.questionId, Number(number));
    let tries = 0;
    const timer = setInterval(() => {
      const element = document.getElementById(id);
      tries += 1;
      if (element || tries > 40) clearInterval(timer);
      element?.scrollIntoView?.({ block: "start" });
    }, 100);
    return () => clearInterval(timer);
  }, [hash, props.questionId]);
  return null;
}

function QuestionCard(props: {
  question: Question;
  language: Language;
  onLanguage: (language: Language) => void;
}) {
  const { t } = useTranslation();
  const q = inLanguage(props.question, props.language);
  const hindi = props.language === "hi" && Boolean(props.question.translations.hi);
  const lang = hindi ? "hi" : contentLang(q.questionText);
  const accepted = new Set([q.correctAnswer, ...q.alsoAccepted]);
  return (
    <section
      aria-labelledby="question-heading"
      className="grid min-w-0 gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="question-heading" className="text-lg font-semibold">
          {t("Question")}
        </h2>
        {hasHindi([props.question]) ? (
          <LanguageSwitch value={props.language} onChange={props.onLanguage} />
        ) : null}
      </div>
      {props.question.source.title ? (
        <p
          className="text-xs text-muted-foreground"
          lang={contentLang(props.question.source.title)}
        >
          {props.question.source.title}
        </p>
      ) : null}
      <div lang={lang} className="grid min-w-0 gap-3">
        <QuestionText className="min-w-0" text={q.questionText} />
        <ul className="grid gap-1.5 text-sm">
          {OPTION_KEYS.map((key) => (
            <li
              key={key}
              className={cn(
                "flex items-start gap-2 rounded-md border px-3 py-2",
                accepted.has(key)
                  ? "border-success/60 bg-success/10 font-semibold"
                  : "border-border",
              )}
            >
              <span className="font-semibold">{key}.</span>{" "}
              <QuestionText as="span" className="min-w-0 flex-1" text={q.options[key] ?? ""} />
              {accepted.has(key) ? (
                <span className="shrink-0 text-xs font-semibold text-green-800" lang={undefined}>
                  {t("Correct answer")}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {q.explanation ? (
          <div className="rounded-md bg-muted p-3 text-sm">
            <span className="font-semibold">{t("Explanation:")} </span>
            <QuestionText as="span" text={q.explanation} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
