import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";

export function SubmitDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unanswered: number;
  marked: number;
  isSubmitting: boolean;
  onConfirm: () => void;
  noun?: "Exam" | "Quiz";
}) {
  const noun = props.noun ?? "Exam";
  const description =
    props.unanswered === 0
      ? "You have answered every question."
      : `You have ${props.unanswered} unanswered question${props.unanswered === 1 ? "" : "s"}. Unanswered questions score nothing.`;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={`Submit ${noun}?`} description={description}>
        {props.marked > 0 ? (
          <p className="text-sm text-muted-foreground">
            {props.marked} question{props.marked === 1 ? " is" : "s are"} marked for review.
          </p>
        ) : null}
        <p className="text-sm">Once submitted, your answers cannot be changed.</p>
        <DialogFooter>
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            Keep Working
          </Button>
          <Button onClick={props.onConfirm} disabled={props.isSubmitting}>
            {props.isSubmitting ? "Submitting..." : `Submit ${noun}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
