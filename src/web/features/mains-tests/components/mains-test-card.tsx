import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { Lock } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { MAINS_PAPER_LABELS } from "../../../../shared/mains-papers.ts";
import type { StudentMainsTest } from "../api/mains-tests.ts";

type Status = StudentMainsTest["status"];

const STATUS: Record<Status, { label: string; variant: ComponentProps<typeof Badge>["variant"] }> =
  {
    upcoming: { label: msg("Upcoming"), variant: "outline" },
    open: { label: msg("Open"), variant: "default" },
    writing: { label: msg("Writing"), variant: "warning" },
    submitted: { label: msg("Submitted"), variant: "secondary" },
    absent: { label: msg("Absent"), variant: "destructive" },
    evaluated: { label: msg("Evaluated"), variant: "secondary" },
    results_out: { label: msg("Results out"), variant: "success" },
  };

/** The one button: where this student goes next on this test. */
function action(test: StudentMainsTest): { label: string; to: string } {
  const page = `/student/mains-tests/${test.id}`;
  if (test.locked && (test.status === "open" || test.status === "upcoming")) {
    return { label: msg("View Plans"), to: "/student/subscriptions" };
  }
  switch (test.status) {
    case "open":
      return { label: msg("Start"), to: page };
    case "writing":
      return { label: msg("Resume"), to: page };
    case "results_out":
      return { label: msg("See marks"), to: `${page}/result` };
    case "upcoming":
    case "submitted":
    case "absent":
    case "evaluated":
      return { label: msg("View"), to: page };
  }
}

/**
 * One Mains test in the student's list (decision 063): its paper, window, time and marks, where
 * the student stands, the promised results date once submitted, and the next step.
 */
export function MainsTestCard({ test }: { test: StudentMainsTest }) {
  const { t } = useTranslation();
  const status = STATUS[test.status];
  const next = action(test);
  const title = usePickText()(test.title, test.titleHi);
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="secondary">{t(MAINS_PAPER_LABELS[test.paper])}</Badge>
        <Badge variant={status.variant}>{t(status.label)}</Badge>
        {test.isFree ? null : (
          <Badge variant="warning" className="gap-1">
            {test.locked ? <Lock className="size-3" aria-hidden="true" /> : null}
            {t("Premium")}
          </Badge>
        )}
      </div>
      <h3 lang={title.lang} className="font-semibold">
        {title.text}
      </h3>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted-foreground">{t("Window")}</dt>
        <dd>
          {t("{{opens}} to {{closes}}", {
            opens: formatDateTime(test.opensAt),
            closes: formatDateTime(test.closesAt),
          })}
        </dd>
        <dt className="text-muted-foreground">{t("Time")}</dt>
        <dd>
          {t("{{minutes}} min + {{grace}} min to upload", {
            minutes: test.durationMinutes,
            grace: test.uploadGraceMinutes,
          })}
        </dd>
        <dt className="text-muted-foreground">{t("Marks")}</dt>
        <dd>
          {t("{{marks}} marks · {{questions}} questions", {
            marks: test.totalMarks,
            questions: test.questionCount,
          })}
        </dd>
      </dl>
      {test.dueAt && test.status === "submitted" ? (
        <p className="text-sm font-medium">
          {t("Results promised by {{date}}", { date: formatDateTime(test.dueAt) })}
        </p>
      ) : null}
      <Button
        asChild
        size="sm"
        variant={test.status === "open" ? "default" : "outline"}
        className="justify-self-start"
      >
        <Link to={next.to}>{t(next.label)}</Link>
      </Button>
    </li>
  );
}
