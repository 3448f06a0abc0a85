import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import type { AnswerSummary } from "../lib/answer-summary.ts";
import { useReturnFocus } from "../lib/use-return-focus.ts";

export function SubmitDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: AnswerSummary;
  isSubmitting: boolean;
  onConfirm: () => void;
  noun?: "Exam" | "Quiz";
}) {
  const noun = props.noun ?? "Exam";
  const { unanswered, marked, answered, total } = props.summary;
  const returnFocus = useReturnFocus(props.open);
  const description =
    unanswered === 0
      ? "You have answered every question."
      : `You have ${unanswered} unanswered question${unanswered === 1 ? "" : "s"}. Unanswered questions score nothing.`;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title={`Submit ${noun}?`}
        description={description}
        onCloseAutoFocus={returnFocus}
      >
        <p className="text-sm" data-testid="submit-summary">
          Answered {answered} of {total}
          {marked > 0
            ? `; ${marked} question${marked === 1 ? " is" : "s are"} marked for review.`
            : "."}
        </p>
        <p className="text-sm">Once submitted, your answers cannot be changed.</p>
        <DialogFooter>
          <Button variant="outline" className="h-11" onClick={() => props.onOpenChange(false)}>
            Keep Working
          </Button>
          <Button className="h-11" onClick={props.onConfirm} disabled={props.isSubmitting}>
            {props.isSubmitting ? "Submitting..." : `Submit ${noun}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
