import { SelectField } from "@web/components/form/fields.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { useTranslation } from "react-i18next";
import type { PaperQuestion } from "./question-paper.tsx";

/**
 * Where each answer starts (decision 063): for every question, the booklet page its answer begins
 * on, or "Not answered". Mentors mark each answer from its first page; a wrong start can be
 * corrected by the mentor, a missing one cannot be marked.
 */
export function PageMap(props: {
  paper: readonly PaperQuestion[];
  pageCount: number;
  language: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const pages = Array.from({ length: props.pageCount }, (_, i) => i + 1);
  return (
    <fieldset className="grid gap-3" disabled={props.disabled}>
      <legend className="mb-1 font-medium">{t("Where does each answer start?")}</legend>
      <p className="text-sm text-muted-foreground">
        {props.pageCount === 0
          ? t("Upload your pages first; then choose the page each answer starts on.")
          : t(
              "Choose the booklet page each answer starts on. Leave out the questions you did not answer.",
            )}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {props.paper.map((q, index) => {
          const text =
            props.language === "hi" && q.questionTextHi ? q.questionTextHi : q.questionText;
          return (
            <div key={q.id} className="grid gap-1 rounded-md border border-border p-2">
              <p lang={contentLang(text)} className="line-clamp-2 text-xs text-muted-foreground">
                {text}
              </p>
              <SelectField
                name={`answers.${index}.start`}
                label={t("Question {{number}} starts on", { number: q.position })}
              >
                <option value="">{t("Not answered")}</option>
                {pages.map((page) => (
                  <option key={page} value={String(page)}>
                    {t("Page {{page}}", { page })}
                  </option>
                ))}
              </SelectField>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
