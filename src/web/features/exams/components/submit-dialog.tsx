import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { AnswerSummary } from "../lib/answer-summary.ts";
import { useReturnFocus } from "../lib/use-return-focus.ts";

const NOUN_TEXT = {
  Exam: { title: msg("Submit Exam?"), submit: msg("Submit Exam") },
  Quiz: { title: msg("Submit Quiz?"), submit: msg("Submit Quiz") },
  Test: { title: msg("Submit Test?"), submit: msg("Submit Test") },
} as const;

export function SubmitDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: AnswerSummary;
  isSubmitting: boolean;
  onConfirm: () => void;
  noun?: "Exam" | "Quiz" | "Test";
}) {
  const { t } = useTranslation();
  const words = NOUN_TEXT[props.noun ?? "Exam"];
  const { unanswered, marked, answered, total } = props.summary;
  const returnFocus = useReturnFocus(props.open);
  const description =
    unanswered === 0
      ? t("You have answered every question.")
      : t("You have {{count}} unanswered questions. Unanswered questions score nothing.", {
          count: unanswered,
        });
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title={t(words.title)}
        description={description}
        onCloseAutoFocus={returnFocus}
      >
        <p className="text-sm" data-testid="submit-summary">
          {marked > 0
            ? t("Answered {{answered}} of {{total}}; {{count}} questions are marked for review.", {
                answered,
                total,
                count: marked,
              })
            : t("Answered {{answered}} of {{total}}.", { answered, total })}
        </p>
        <p className="text-sm">{t("Once submitted, your answers cannot be changed.")}</p>
        <DialogFooter>
          <Button variant="outline" className="h-11" onClick={() => props.onOpenChange(false)}>
            {t("Keep Working")}
          </Button>
          <Button className="h-11" onClick={props.onConfirm} disabled={props.isSubmitting}>
            {props.isSubmitting ? t("Submitting...") : t(words.submit)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
