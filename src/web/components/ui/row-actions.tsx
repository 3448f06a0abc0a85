import { type LucideIcon, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";

export type IconAction = {
  /** The button's name for screen readers ("Edit Polity"). */
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  destructive?: boolean;
};

/** A row's or card's icon buttons, kept on one line, each named for screen readers. */
export function IconActions(props: { actions: IconAction[] }) {
  return (
    <span className="inline-flex whitespace-nowrap">
      {props.actions.map(({ label, icon: Icon, onClick, destructive }) => (
        <Button key={label} variant="ghost" size="icon" aria-label={label} onClick={onClick}>
          <Icon className={destructive ? "text-destructive" : undefined} aria-hidden="true" />
        </Button>
      ))}
    </span>
  );
}

/** Edit and delete icon buttons for a table row or card, named for screen readers. */
export function RowActions(props: { label: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <IconActions
      actions={[
        { label: t("Edit {{name}}", { name: props.label }), icon: Pencil, onClick: props.onEdit },
        {
          label: t("Delete {{name}}", { name: props.label }),
          icon: Trash2,
          onClick: props.onDelete,
          destructive: true,
        },
      ]}
    />
  );
}
