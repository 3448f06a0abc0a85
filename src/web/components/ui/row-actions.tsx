import { Pencil, Trash2 } from "lucide-react";
import { Button } from "./button.tsx";

/** Edit and delete icon buttons for a table row or card, named for screen readers. */
export function RowActions(props: { label: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className="inline-flex whitespace-nowrap">
      <Button variant="ghost" size="icon" aria-label={`Edit ${props.label}`} onClick={props.onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${props.label}`}
        onClick={props.onDelete}
      >
        <Trash2 className="text-destructive" aria-hidden="true" />
      </Button>
    </span>
  );
}
