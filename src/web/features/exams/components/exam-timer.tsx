import { cn } from "@web/lib/cn.ts";
import { Timer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatCountdown, isWarningTime } from "../lib/clock.ts";

export function ExamTimer({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation();
  const warning = isWarningTime(secondsLeft);
  return (
    <div
      className={cn(
        "flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-1 font-mono text-base font-semibold tabular-nums",
        warning
          ? "animate-pulse bg-destructive text-destructive-foreground"
          : "bg-secondary text-secondary-foreground",
      )}
      role="timer"
      aria-label={t("Time left {{time}}", { time: formatCountdown(secondsLeft) })}
      data-warning={warning}
    >
      <Timer className="size-4" aria-hidden="true" />
      {formatCountdown(secondsLeft)}
    </div>
  );
}
