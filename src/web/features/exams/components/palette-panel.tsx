import { Button } from "@web/components/ui/button.tsx";
import { ListOrdered } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnswerSummary } from "../lib/answer-summary.ts";
import { QuestionPalette } from "./question-palette.tsx";

/** The side panel: the answered count, the palette (folded on phones) and Finish and submit. */
export function PalettePanel(props: {
  summary: AnswerSummary;
  current: number;
  isSubmitting: boolean;
  onJump: (index: number) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const { summary } = props;
  const [isOpen, setIsOpen] = useState(false);
  return (
    <aside
      aria-labelledby="palette-heading"
      className="grid content-start gap-3 self-start rounded-lg border border-border bg-background p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="palette-heading" className="flex items-center gap-2 text-sm font-semibold">
          <ListOrdered className="size-4" aria-hidden="true" />
          <span data-testid="answer-summary">
            {t("{{answered}}/{{total}} answered · {{marked}} marked", {
              answered: summary.answered,
              total: summary.total,
              marked: summary.marked,
            })}
          </span>
        </h2>
        <Button
          variant="ghost"
          className="h-11 lg:hidden"
          aria-expanded={isOpen}
          aria-controls="question-palette"
          onClick={() => setIsOpen((v) => !v)}
        >
          {isOpen ? t("Hide questions") : t("Show questions")}
        </Button>
      </div>
      <div id="question-palette" className={isOpen ? "grid gap-3" : "hidden lg:grid lg:gap-3"}>
        <QuestionPalette
          summary={summary}
          current={props.current}
          onJump={(index) => {
            setIsOpen(false);
            props.onJump(index);
          }}
        />
        <Button
          variant="secondary"
          className="h-11"
          onClick={props.onSubmit}
          disabled={props.isSubmitting}
        >
          {t("Finish and submit")}
        </Button>
      </div>
    </aside>
  );
}
