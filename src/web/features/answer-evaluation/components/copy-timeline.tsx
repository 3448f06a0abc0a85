import { cn } from "@web/lib/cn.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AnswerCopy } from "../api/answer-evaluation.ts";
import { type CopyStage, STAGE_LABELS } from "../lib/stages.ts";

const STEPS = ["submitted", "in_evaluation", "evaluated"] as const satisfies readonly CopyStage[];

/**
 * Submitted → In evaluation → Evaluated, each reached step with its date, the current one
 * marked for screen readers (aria-current), and the promised date while the copy waits.
 */
export function CopyTimeline({ copy }: { copy: AnswerCopy }) {
  const { t } = useTranslation();
  const current = STEPS.indexOf(copy.stage as (typeof STEPS)[number]);
  const dates: Record<(typeof STEPS)[number], string | null> = {
    submitted: copy.timeline.submittedAt,
    in_evaluation: copy.timeline.claimedAt,
    evaluated: copy.timeline.evaluatedAt,
  };
  return (
    <section aria-labelledby="copy-timeline" className="grid gap-3">
      <h2 id="copy-timeline" className="text-lg font-semibold">
        {t("Status")}
      </h2>
      <ol className="grid gap-0 sm:grid-cols-3 sm:gap-2">
        {STEPS.map((step, index) => {
          const reached = index <= current;
          const date = dates[step];
          return (
            <li
              key={step}
              aria-current={index === current ? "step" : undefined}
              className="relative flex gap-3 pb-4 last:pb-0 sm:grid sm:justify-items-start sm:gap-1 sm:pb-0"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold",
                  reached
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border bg-background text-muted-foreground",
                )}
              >
                {index < current || (step === "evaluated" && reached) ? (
                  <Check className="size-4" />
                ) : (
                  index + 1
                )}
              </span>
              <div className="grid">
                <span className={cn("font-medium", !reached && "text-muted-foreground")}>
                  {t(STAGE_LABELS[step])}
                </span>
                {reached && date ? (
                  <time dateTime={date} className="text-sm text-muted-foreground">
                    {formatDateTime(date)}
                  </time>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {copy.stage !== "evaluated" && copy.timeline.dueAt ? (
        <p className="text-sm">
          {t("Evaluation due by {{date}}", { date: formatDateTime(copy.timeline.dueAt) })}
        </p>
      ) : null}
      {copy.stage === "in_evaluation" && copy.mentorName ? (
        <p className="text-sm text-muted-foreground">
          {t("{{name}} is evaluating your answer.", { name: copy.mentorName })}
        </p>
      ) : null}
    </section>
  );
}
