import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";
import { Dialog, DialogContent, DialogFooter } from "./dialog.tsx";

/** Confirmation for destructive actions (deletes, a regrade). */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  /** The confirm button's words while the action runs ('Deleting...' unless told). */
  pendingLabel?: string;
  isPending?: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.title} description={props.description} role="alertdialog">
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => props.onOpenChange(false)}
            disabled={props.isPending}
          >
            {t("Cancel")}
          </Button>
          <Button variant="destructive" onClick={props.onConfirm} disabled={props.isPending}>
            {props.isPending
              ? (props.pendingLabel ?? t("Deleting..."))
              : (props.confirmLabel ?? t("Delete"))}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
