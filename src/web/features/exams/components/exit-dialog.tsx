import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import { useReturnFocus } from "../lib/use-return-focus.ts";

const NOUN_TEXT = {
  Exam: { title: msg("Leave this exam?"), leave: msg("Leave exam") },
  Quiz: { title: msg("Leave this quiz?"), leave: msg("Leave quiz") },
  Test: { title: msg("Leave this test?"), leave: msg("Leave test") },
} as const;

/**
 * Asked before leaving a running attempt, whether by Exit or by any in-app link: the clock does
 * not stop, so leaving is a choice the student makes knowingly.
 */
export function ExitDialog(props: {
  open: boolean;
  noun: "Exam" | "Quiz" | "Test";
  /** Answers still waiting on this device (offline or maintenance). */
  hasUnsent: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const returnFocus = useReturnFocus(props.open);
  const stay = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation();
  const words = NOUN_TEXT[props.noun];
  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? undefined : props.onStay())}>
      <DialogContent
        title={t(words.title)}
        description={
          props.hasUnsent
            ? t(
                "The timer keeps running while you are away. Some answers are still only on this device; they are sent when you come back. You can resume while time is left.",
              )
            : t(
                "The timer keeps running while you are away. Your answers are saved. You can resume while time is left.",
              )
        }
        onCloseAutoFocus={returnFocus}
        // Staying is the safe answer, so it has the focus (and Enter) when the dialog opens.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          stay.current?.focus();
        }}
      >
        <DialogFooter>
          <Button variant="outline" className="h-11" onClick={props.onLeave}>
            {t(words.leave)}
          </Button>
          <Button ref={stay} className="h-11" onClick={props.onStay}>
            {t("Stay")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
