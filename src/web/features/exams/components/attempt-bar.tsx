import { Button } from "@web/components/ui/button.tsx";
import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SyncStatus } from "../lib/answer-sync.ts";
import { ExamTimer } from "./exam-timer.tsx";
import { SyncIndicator } from "./sync-indicator.tsx";

/** The attempt screen's compact bar, in place of the site header: title, sync, timer, Exit. */
export function AttemptBar(props: {
  title: string;
  status: SyncStatus;
  secondsLeft: number | null;
  onExit: () => void;
  isSubmitting: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="attempt-bar"
      className="sticky top-0 z-40 h-14 border-b border-border bg-background/95 backdrop-blur"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-3 sm:px-4">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold" title={props.title}>
          {props.title}
        </h1>
        <SyncIndicator status={props.status} compact />
        {props.secondsLeft !== null ? <ExamTimer secondsLeft={props.secondsLeft} /> : null}
        <Button
          variant="outline"
          className="h-11 shrink-0 px-3"
          onClick={props.onExit}
          disabled={props.isSubmitting}
        >
          <LogOut aria-hidden="true" /> {t("Exit")}
        </Button>
      </div>
    </div>
  );
}
