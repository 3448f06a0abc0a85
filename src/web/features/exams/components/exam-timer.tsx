import { cn } from "@web/lib/cn.ts";
import { formatExtraTime } from "@web/lib/extra-time.ts";
import { Timer } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCountdown, isWarningTime } from "../lib/clock.ts";

/** Seconds left at which a screen reader hears the time: 10, 5 and 1 minutes. */
const ANNOUNCE_AT = [600, 300, 60] as const;

/** The last of `ANNOUNCE_AT` the countdown has reached, or null above 10 minutes. */
export function thresholdReached(secondsLeft: number): number | null {
  let reached: number | null = null;
  for (const at of ANNOUNCE_AT) if (secondsLeft <= at) reached = at;
  return reached;
}

/**
 * What the polite live region says: "10 minutes left" once the countdown crosses 10:00, then 5,
 * then 1; nothing in between, and nothing for a threshold already passed when the timer appeared
 * (a resumed attempt shows its time; it is not news).
 */
function useTimeAnnouncement(secondsLeft: number) {
  const { t } = useTranslation();
  const reached = thresholdReached(secondsLeft);
  const [state, setState] = useState({ announced: reached, message: "" });
  if (reached !== null && (state.announced === null || reached < state.announced)) {
    setState({
      announced: reached,
      message: t("{{count}} minutes left", { count: reached / 60 }),
    });
  }
  return state.message;
}

/**
 * The attempt's countdown. The visible time changes every second but is not live (role="timer"
 * is aria-live off); a screen reader hears the time left only at 10, 5 and 1 minutes, through a
 * separate polite status region. `extraSeconds`: the accommodation the deadline includes.
 */
export function ExamTimer({
  secondsLeft,
  extraSeconds = 0,
}: {
  secondsLeft: number;
  extraSeconds?: number;
}) {
  const { t } = useTranslation();
  const warning = isWarningTime(secondsLeft);
  const announcement = useTimeAnnouncement(secondsLeft);
  return (
    <div className="flex shrink-0 items-center gap-2">
      <div
        className={cn(
          "flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-1 font-mono text-base font-semibold tabular-nums",
          warning
            ? "animate-pulse bg-destructive text-destructive-foreground"
            : "bg-secondary text-secondary-foreground",
        )}
        role="timer"
        // A name that stays put: the old label changed every second, and some screen readers
        // read each change.
        aria-label={t("Time left")}
        data-warning={warning}
      >
        <Timer className="size-4" aria-hidden="true" />
        {formatCountdown(secondsLeft)}
      </div>
      {extraSeconds > 0 ? (
        <span className="sr-only text-xs text-muted-foreground md:not-sr-only md:whitespace-nowrap">
          {t("includes {{time}} extra time", { time: formatExtraTime(extraSeconds) })}
        </span>
      ) : null}
      {/* A live region without the status role: the bar's sync indicator is its one status. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-timer-announcement="">
        {announcement}
      </p>
    </div>
  );
}
