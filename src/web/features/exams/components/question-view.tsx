import { QuestionText } from "@web/components/rich-text/rich-text.tsx";
import { cn } from "@web/lib/cn.ts";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type { OptionKey } from "../../../../shared/constants.ts";
import { OPTION_KEYS } from "../../../../shared/constants.ts";

/** One question with its four options as a native radio group (keyboard and screen readers). */
export function QuestionView(props: {
  index: number;
  total: number;
  question: { id: string; questionText: string; options: Record<OptionKey, string> };
  selected: OptionKey | null;
  disabled?: boolean;
  /** Replaces 'Question n of total' (quizzes add the attempt number). */
  heading?: string;
  /** The language of the text shown, for fonts and screen readers. */
  lang?: string;
  onSelect: (key: OptionKey) => void;
  /** The question's legend: a palette jump focuses it, so it is read out at once. */
  headingRef?: Ref<HTMLLegendElement>;
}) {
  const { t, i18n } = useTranslation();
  const name = `question-${props.question.id}`;
  return (
    <fieldset className="grid gap-4" disabled={props.disabled} lang={props.lang}>
      <legend
        ref={props.headingRef}
        tabIndex={-1}
        className="mb-4 grid gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {/* A polite live region: moving to another question announces 'Question n of m'. */}
        <span
          aria-live="polite"
          data-testid="question-announcer"
          lang={i18n.language}
          className="text-sm font-medium text-muted-foreground"
        >
          {props.heading ??
            t("Question {{number}} of {{total}}", { number: props.index + 1, total: props.total })}
        </span>
        {/* Body text, as on the printed paper: statements, tables and images in the markup. */}
        <QuestionText as="span" className="block text-base" text={props.question.questionText} />
      </legend>
      <div className="grid gap-2">
        {OPTION_KEYS.map((key) => {
          const checked = props.selected === key;
          return (
            <label
              key={key}
              className={cn(
                "flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                checked
                  ? "border-primary bg-secondary"
                  : "border-border bg-background hover:bg-muted",
              )}
            >
              <input
                type="radio"
                name={name}
                value={key}
                checked={checked}
                onChange={() => props.onSelect(key)}
                className="mt-1 size-4 accent-[var(--color-primary)]"
              />
              <span className="min-w-0">
                <span className="font-semibold">{key}.</span>{" "}
                <QuestionText as="span" text={props.question.options[key]} />
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
