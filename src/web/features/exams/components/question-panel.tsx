import { Button } from "@web/components/ui/button.tsx";
import { ChevronLeft, ChevronRight, Flag } from "lucide-react";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type { Confidence } from "../../../../shared/confidence.ts";
import type { OptionKey } from "../../../../shared/constants.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { ConfidenceToggles } from "./confidence-toggles.tsx";
import { QuestionView } from "./question-view.tsx";

export type Choice = {
  selectedAnswer: OptionKey | null;
  markedForReview: boolean;
  /** Sure, 50:50 or Guess; absent or null: untagged. */
  confidence?: Confidence | null;
  clientSeq: number;
};

const SUBMIT = {
  Exam: msg("Submit Exam"),
  Quiz: msg("Submit Quiz"),
  Test: msg("Submit Test"),
} as const;

/** The question shown, its choice, confidence tag and review mark, and Previous / Next (Submit on the last). */
export function QuestionPanel(props: {
  question: { id: string; questionText: string; options: Record<OptionKey, string> };
  index: number;
  total: number;
  heading?: string;
  lang: string;
  choice: Choice | undefined;
  noun: "Exam" | "Quiz" | "Test";
  isSubmitting: boolean;
  headingRef: Ref<HTMLLegendElement>;
  onChoose: (change: Partial<Choice>) => void;
  onMove: (step: -1 | 1) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const { choice, isSubmitting } = props;
  const isLast = props.index === props.total - 1;
  return (
    <section className="grid content-start gap-4 rounded-lg border border-border bg-background p-4 sm:p-6">
      <QuestionView
        headingRef={props.headingRef}
        index={props.index}
        total={props.total}
        question={props.question}
        heading={props.heading}
        lang={props.lang}
        selected={choice?.selectedAnswer ?? null}
        disabled={isSubmitting}
        onSelect={(key) => props.onChoose({ selectedAnswer: key })}
      />
      <ConfidenceToggles
        value={choice?.confidence ?? null}
        disabled={isSubmitting}
        onChange={(confidence) => props.onChoose({ confidence })}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          className="h-11"
          aria-pressed={choice?.markedForReview ?? false}
          onClick={() => props.onChoose({ markedForReview: !choice?.markedForReview })}
          disabled={isSubmitting}
        >
          <Flag aria-hidden="true" />{" "}
          {choice?.markedForReview ? t("Unmark review") : t("Mark for review")}
        </Button>
        {choice?.selectedAnswer ? (
          <Button
            variant="ghost"
            className="h-11"
            onClick={() => props.onChoose({ selectedAnswer: null })}
            disabled={isSubmitting}
          >
            {t("Clear choice")}
          </Button>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-border pt-4">
        <Button
          variant="outline"
          className="h-11"
          onClick={() => props.onMove(-1)}
          disabled={props.index === 0}
        >
          <ChevronLeft aria-hidden="true" /> {t("Previous")}
        </Button>
        {isLast ? (
          <Button className="h-11" onClick={props.onSubmit} disabled={isSubmitting}>
            {isSubmitting ? t("Submitting...") : t(SUBMIT[props.noun])}
          </Button>
        ) : (
          <Button className="h-11" onClick={() => props.onMove(1)}>
            {t("Next")} <ChevronRight aria-hidden="true" />
          </Button>
        )}
      </div>
    </section>
  );
}
