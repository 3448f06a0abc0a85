import { FormField } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Textarea } from "@web/components/ui/textarea.tsx";
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

/** Optional Hindi version of a question, folded away until needed. */
export function HindiFields(props: { value: HindiDraft; onChange: (value: HindiDraft) => void }) {
  const v = props.value;
  const hasAny = hindiInput(v) !== null;
  return (
    <details className="rounded-md border border-border p-3" open={hasAny}>
      <summary className="cursor-pointer text-sm font-medium">Hindi version (optional)</summary>
      <div className="grid gap-3 pt-3" lang="hi">
        <FormField id="question-text-hi" label="Question Text (Hindi)">
          <Textarea
            id="question-text-hi"
            rows={2}
            value={v.questionText}
            onChange={(e) => props.onChange({ ...v, questionText: e.target.value })}
          />
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          {OPTION_KEYS.map((key) => (
            <FormField key={key} id={`question-option-hi-${key}`} label={`Option ${key} (Hindi)`}>
              <Input
                id={`question-option-hi-${key}`}
                value={v.options[key]}
                onChange={(e) =>
                  props.onChange({ ...v, options: { ...v.options, [key]: e.target.value } })
                }
              />
            </FormField>
          ))}
        </div>
        <FormField id="question-explanation-hi" label="Explanation (Hindi, optional)">
          <Textarea
            id="question-explanation-hi"
            rows={2}
            value={v.explanation}
            onChange={(e) => props.onChange({ ...v, explanation: e.target.value })}
          />
        </FormField>
      </div>
    </details>
  );
}
