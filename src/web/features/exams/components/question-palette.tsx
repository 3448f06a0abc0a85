import { cn } from "@web/lib/cn.ts";
import { Flag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type AnswerSummary, describeQuestionState } from "../lib/answer-summary.ts";

/**
 * Jump to any question. Colour tells answered from unanswered, a flag marks a question for review
 * (on either colour), and each square's name says both. The legend counts come from the same
 * summary as the header and the submit dialog.
 */
export function QuestionPalette(props: {
  summary: AnswerSummary;
  current: number;
  onJump: (index: number) => void;
}) {
  const { t } = useTranslation();
  const { summary } = props;
  return (
    <nav aria-label={t("Question palette")} className="grid gap-3">
      <div className="grid grid-cols-6 gap-2 sm:grid-cols-8 lg:grid-cols-5">
        {summary.states.map((state, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: questions are positional here
            key={index}
            type="button"
            onClick={() => props.onJump(index)}
            aria-current={index === props.current ? "step" : undefined}
            aria-label={describeQuestionState(index, state)}
            data-answered={state.answered}
            data-marked={state.marked}
            className={cn(
              "relative flex size-11 items-center justify-center rounded-md border text-sm font-semibold",
              state.answered
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border bg-background",
              state.marked && !state.answered && "border-amber-600 bg-amber-100 text-amber-900",
              state.marked && "border-2 border-amber-600",
              index === props.current && "ring-2 ring-ring ring-offset-2",
            )}
          >
            {index + 1}
            {state.marked ? (
              <Flag
                className="absolute -right-1.5 -top-1.5 size-4 rounded-full bg-amber-500 p-0.5 text-white"
                aria-hidden="true"
              />
            ) : null}
          </button>
        ))}
      </div>
      <ul
        className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground"
        aria-label={t("Legend")}
      >
        <li className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-primary" aria-hidden="true" />{" "}
          {t("Answered ({{n}})", { n: summary.answered })}
        </li>
        <li className="flex items-center gap-1">
          <span
            className="size-3 rounded-sm border border-border bg-background"
            aria-hidden="true"
          />{" "}
          {t("Unanswered ({{n}})", { n: summary.unanswered })}
        </li>
        <li className="flex items-center gap-1">
          <Flag className="size-3 text-amber-600" aria-hidden="true" />{" "}
          {t("Marked for review ({{n}})", { n: summary.marked })}
        </li>
      </ul>
    </nav>
  );
}
