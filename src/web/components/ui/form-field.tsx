import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "./label.tsx";

/**
 * Label + control + error message, wired together for assistive technology. The error is a
 * validation message in English (the shared schemas' words): it is shown in the interface
 * language where the catalog has it (decision 039).
 */
export function FormField(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      <FieldMessage id={props.id} error={props.error} hint={props.hint} />
    </div>
  );
}

/**
 * A field's hint, or its error in the interface language, with the ids `fieldAria` points to
 * (FormField's, and a group of controls such as the date of birth's).
 */
export function FieldMessage(props: { id: string; error?: string; hint?: string }) {
  const { t } = useTranslation();
  if (props.error) {
    return (
      <p id={`${props.id}-error`} role="alert" className="text-sm text-destructive">
        {t(props.error)}
      </p>
    );
  }
  return props.hint ? (
    <p id={`${props.id}-hint`} className="text-xs text-muted-foreground">
      {props.hint}
    </p>
  ) : null;
}

/** aria props for the control inside a FormField: described by its error, else by its hint. */
export function fieldAria(id: string, error?: string, hint?: string) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}
