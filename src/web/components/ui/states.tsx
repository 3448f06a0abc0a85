import { AlertTriangle, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";
import { Spinner } from "./spinner.tsx";

export function LoadingState(props: { label?: string }) {
  const { t } = useTranslation();
  const label = props.label ?? t("Loading...");
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
