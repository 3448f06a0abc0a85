import { cn } from "@web/lib/cn.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { PenLine, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatCountdown, isWarningTime } from "../lib/clock.ts";
import { useCountdown } from "../lib/use-countdown.ts";

/**
 * The booklet's two clocks on the server's time (decision 063): the writing time left, then the
 * time left to upload and submit (the deadline, which holds the upload grace). The visible time
 * changes every second but is not live (role="timer"); the phase's sentence says what to do.
 */
export function BookletClock(props: {
  writingEndsAt: string;
  deadlineAt: string;
  offsetMs: number;
}) {
  const { t } = useTranslation();
  const writingLeft = useCountdown(props.writingEndsAt, props.offsetMs) ?? 0;
  const uploadLeft = useCountdown(props.deadlineAt, props.offsetMs) ?? 0;
  const writing = writingLeft > 0;
  return (
    <div className="grid gap-2 rounded-lg border border-border bg-muted/30 p-3 sm:grid-cols-2">
      <Countdown
        icon={PenLine}
        label={t("Writing time left")}
        seconds={writingLeft}
        active={writing}
      />
      <Countdown
        icon={Upload}
        label={t("Time left to submit")}
        seconds={uploadLeft}
        active={!writing}
      />
      <p className="text-sm text-muted-foreground sm:col-span-2">
        {writing
          ? t("Write your answers now. Submit your booklet by {{time}}.", {
              time: formatDateTime(props.deadlineAt),
            })
          : uploadLeft > 0
            ? t("Writing time is over: photograph your pages, map them and submit by {{time}}.", {
                time: formatDateTime(props.deadlineAt),
              })
            : t("The time to submit has passed.")}
      </p>
    </div>
  );
}

function Countdown(props: {
  icon: typeof PenLine;
  label: string;
  seconds: number;
  active: boolean;
}) {
  const Icon = props.icon;
  const warning = props.active && isWarningTime(props.seconds);
  // The phase not under way has a muted label, never a faded row: faded, the timer's text fell
  // below AA contrast (3.95:1).
  return (
    <div className="flex items-center justify-between gap-2">
      <span
        className={cn(
          "flex items-center gap-1.5 text-sm font-medium",
          !props.active && "text-muted-foreground",
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
        {props.label}
      </span>
      <span
        role="timer"
        aria-label={props.label}
        className={cn(
          "rounded-md px-2.5 py-1 font-mono text-base font-semibold tabular-nums",
          warning
            ? "bg-destructive text-destructive-foreground"
            : props.active
              ? "bg-primary text-primary-foreground"
              : "bg-secondary text-secondary-foreground",
        )}
      >
        {formatCountdown(props.seconds)}
      </span>
    </div>
  );
}
