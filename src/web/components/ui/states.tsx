import { AlertTriangle, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";
import { Spinner } from "./spinner.tsx";

/**
 * A load in progress: the spinner and its words, centred. `compact`: the spinner alone (its words
 * for screen readers), in a short box, for a strip inside a page.
 */
export function LoadingState(props: { label?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const label = props.label ?? t("Loading...");
  if (props.compact) {
    return (
      <div className="flex h-24 items-center justify-center">
        <Spinner label={label} className="text-primary" />
      </div>
    );
  }
  return (
    <div className="flex items-center justify-center gap-2 p-8 text-muted-foreground">
      <Spinner label={label} />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState(props: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-border bg-background p-8 text-center">
      <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{props.title}</h2>
      {props.description ? <p className="text-muted-foreground">{props.description}</p> : null}
      {props.action}
    </div>
  );
}

export function ErrorState(props: {
  title: string;
  message?: string;
  onRetry?: () => void;
  retryLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-2 rounded-lg border border-destructive/30 bg-background p-8 text-center"
    >
      <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{props.title}</h2>
      {props.message ? <p className="text-muted-foreground">{props.message}</p> : null}
      <div className="flex flex-wrap justify-center gap-2">
        {props.onRetry ? (
          <Button onClick={props.onRetry}>{props.retryLabel ?? t("Try Again")}</Button>
        ) : null}
        {props.children}
      </div>
    </div>
  );
}

/**
 * A message that must be heard when it appears, in the flow of a page or form (`role="alert"`):
 * a failed action, a failed load inside a section, a refusal with its way on. Red small text
 * unless `className` says otherwise (`""`: no class); `as="div"` for a block holding more than text.
 */
export function InlineAlert(props: {
  as?: "p" | "div";
  className?: string;
  id?: string;
  children: ReactNode;
}) {
  const Tag = props.as ?? "p";
  return (
    <Tag
      id={props.id}
      role="alert"
      className={(props.className ?? "text-sm text-destructive") || undefined}
    >
      {props.children}
    </Tag>
  );
}
