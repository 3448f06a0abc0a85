import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { Dialog, DialogContent, DialogFooter } from "./dialog.tsx";

/** Confirmation for destructive actions (deletes). */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  isPending?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.title} description={props.description} role="alertdialog">
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => props.onOpenChange(false)}
            disabled={props.isPending}
          >
            Cancel
          </Button>
          <Button variant="destructive" onClick={props.onConfirm} disabled={props.isPending}>
            {props.isPending ? "Deleting..." : (props.confirmLabel ?? "Delete")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
