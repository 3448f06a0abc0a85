import { TextareaField, TextField } from "@web/components/form/fields.tsx";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { OPTION_KEYS, type OptionKey } from "../../../../shared/constants.ts";

export type HindiDraft = {
  questionText: string;
  options: Record<OptionKey, string>;
  explanation: string;
};

export const emptyHindi = (): HindiDraft => ({
  questionText: "",
  options: { A: "", B: "", C: "", D: "" },
  explanation: "",
});

/** The Hindi version to send: null when left empty, "incomplete" when only partly filled. */
export function hindiInput(draft: HindiDraft) {
  const required = [draft.questionText, ...OPTION_KEYS.map((k) => draft.options[k])];
  const filled = required.filter((v) => v.trim() !== "").length;
  if (filled === 0 && !draft.explanation.trim()) return null;
  if (filled < required.length) return "incomplete" as const;
  return {
    questionText: draft.questionText,
    options: draft.options,
    explanation: draft.explanation.trim() || null,
  };
}

/** Optional Hindi version of a question (the form's `hindi` fields), folded away until needed. */
export function HindiFields() {
  const { t } = useTranslation();
  const hasAny = hindiInput(useFormContext<{ hindi: HindiDraft }>().getValues("hindi")) !== null;
  return (
    <details className="rounded-md border border-border p-3" open={hasAny}>
      <summary className="cursor-pointer text-sm font-medium">
        {t("Hindi version (optional)")}
      </summary>
      <div className="grid gap-3 pt-3" lang="hi">
        <TextareaField name="hindi.questionText" label={t("Question Text (Hindi)")} rows={2} />
        <div className="grid gap-3 sm:grid-cols-2">
          {OPTION_KEYS.map((key) => (
            <TextField
              key={key}
              name={`hindi.options.${key}`}
              label={t("Option {{key}} (Hindi)", { key })}
            />
          ))}
        </div>
        <TextareaField
          name="hindi.explanation"
          label={t("Explanation (Hindi, optional)")}
          rows={2}
        />
      </div>
    </details>
  );
}
