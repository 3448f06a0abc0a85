import { marksLabel, wordLimitLabel } from "@web/components/answer-copy/mains-question-facts.tsx";
import { LanguageSwitch } from "@web/components/exam/language-switch.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { i18n } from "@web/lib/i18n.ts";
import { useQuestionLanguage } from "@web/lib/use-question-language.ts";
import { useId } from "react";
import { useTranslation } from "react-i18next";

export type PaperQuestion = {
  id: string;
  position: number;
  section: number;
  marks: number;
  wordLimit: number | null;
  questionText: string;
  questionTextHi: string | null;
  directive: string | null;
};

/** What a section asks under a choice rule ("Answer 1 of these 4 questions."); null: all. */
export function sectionRule(questions: number, choose: number | null) {
  if (choose === null) return null;
  return choose === 1
    ? i18n.t("Answer 1 of these {{total}} questions.", { total: questions })
    : i18n.t("Answer {{number}} of these {{total}} questions.", {
        number: choose,
        total: questions,
      });
}

/**
 * The question paper (decision 063): the questions in order, by section with the section's choice
 * rule, each with its marks and word limit, in the student's question language where a question
 * has Hindi (the English / हिन्दी switch shows when any has).
 */
export function QuestionPaper(props: {
  questions: readonly PaperQuestion[];
  sectionChoose: readonly number[] | null;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [language, setLanguage] = useQuestionLanguage();
  const hasHindi = props.questions.some((q) => q.questionTextHi);
  const sections = [...new Set(props.questions.map((q) => q.section))].sort((a, b) => a - b);
  const showSections = sections.length > 1 || props.sectionChoose !== null;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("Question paper")}
        </h2>
        {hasHindi ? <LanguageSwitch value={language} onChange={setLanguage} /> : null}
      </div>
      {sections.map((section) => {
        const questions = props.questions.filter((q) => q.section === section);
        const choose = props.sectionChoose?.[section - 1] ?? null;
        const rule = sectionRule(questions.length, choose);
        return (
          <div key={section} className="grid gap-3">
            {showSections ? (
              <div className="grid gap-0.5 border-b border-border pb-1">
                <h3 className="font-semibold">{t("Section {{section}}", { section })}</h3>
                {rule ? <p className="text-sm text-muted-foreground">{rule}</p> : null}
              </div>
            ) : null}
            <ol className="grid gap-3">
              {questions.map((q) => {
                const text =
                  language === "hi" && q.questionTextHi ? q.questionTextHi : q.questionText;
                return (
                  <li key={q.id} className="grid gap-2 rounded-lg border border-border p-3">
                    <div className="flex flex-wrap items-center gap-1.5">
                      <span className="font-semibold">
                        {t("Question {{number}}", { number: q.position })}
                      </span>
                      <Badge variant="outline">{marksLabel(q.marks)}</Badge>
                      <Badge variant="outline">{wordLimitLabel(q.wordLimit)}</Badge>
                    </div>
                    <p lang={contentLang(text)} className="whitespace-pre-line leading-relaxed">
                      {text}
                    </p>
                  </li>
                );
              })}
            </ol>
          </div>
        );
      })}
    </section>
  );
}
