import { Button } from "@web/components/ui/button.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SyncStatus } from "../lib/answer-sync.ts";
import { ExamTimer } from "./exam-timer.tsx";
import { SyncIndicator } from "./sync-indicator.tsx";

/** The attempt screen's compact bar, in place of the site header: title, sync, timer, Exit. */
export function AttemptBar(props: {
  title: string;
  /** A quiz's Hindi title, shown instead in a Hindi interface. */
  titleHi?: string | null;
  status: SyncStatus;
  secondsLeft: number | null;
  /** The accommodation the deadline includes (decision 048). */
  extraSeconds?: number;
  onExit: () => void;
  isSubmitting: boolean;
}) {
  const { t } = useTranslation();
  const title = usePickText()(props.title, props.titleHi);
  return (
    <div
      data-testid="attempt-bar"
      className="sticky top-0 z-40 h-14 border-b border-border bg-background/95 backdrop-blur"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-3 sm:px-4">
        <h1
          lang={title.lang}
          className="min-w-0 flex-1 truncate text-base font-semibold"
          title={title.text}
        >
          {title.text}
        </h1>
        <SyncIndicator status={props.status} compact />
        {props.secondsLeft !== null ? (
          <ExamTimer secondsLeft={props.secondsLeft} extraSeconds={props.extraSeconds} />
        ) : null}
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
