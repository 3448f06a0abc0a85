import { QuestionText } from "@web/components/rich-text/rich-text.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { currentLanguage } from "@web/lib/i18n.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OPTION_KEYS } from "../../../../shared/constants.ts";
import { useSampleQuestions } from "../api/home-lists.ts";

/**
 * A visitor sees what a paper looks like: the first question of a few free papers, in Hindi
 * where the question has it and the interface is Hindi. The server sends no key and no
 * explanation; the way to the answer is to take the paper.
 */
export function SampleQuestions() {
  const { t, i18n } = useTranslation();
  const questions = useSampleQuestions(true);
  const isHindi = (i18n.language || currentLanguage()) === "hi";
  if (!questions.data || questions.data.length === 0) return null;
  return (
    <section aria-labelledby="sample-questions" className="grid gap-3">
      <h2 id="sample-questions" className="text-lg font-semibold">
        {t("Try a question")}
      </h2>
      <ul className="grid gap-3 lg:grid-cols-3">
        {questions.data.map((q) => {
          const version = isHindi && q.hindi ? q.hindi : q;
          return (
            <li
              key={q.id}
              lang={isHindi && q.hindi ? "hi" : "en"}
              className="grid content-start gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
            >
              <p className="text-xs font-medium text-muted-foreground">{q.examTitle}</p>
              <QuestionText text={version.questionText} className="text-sm" />
              <ol className="grid gap-1 text-sm">
                {OPTION_KEYS.map((key) => (
                  <li key={key} className="flex gap-2 rounded-md border border-border px-3 py-2">
                    <span className="font-semibold">{key}.</span>
                    <QuestionText as="span" text={version.options[key] ?? ""} />
                  </li>
                ))}
              </ol>
              <Button asChild variant="outline" size="sm" className="justify-self-start">
                <Link to="/register">{t("Sign up to take this paper")}</Link>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
