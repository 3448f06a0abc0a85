import { cn } from "@web/lib/cn.ts";
import { ChevronRight, Repeat } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export const REVISION_PATH = "/student/revision";

/**
 * "N due today", linking to the revision notebook: on the home page (signed-in students) and the
 * student dashboard. A student with no cards yet reads how cards arrive.
 */
export function RevisionDueCard(props: { dueToday: number; total: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={REVISION_PATH}
      className={cn(
        "flex items-center gap-3 rounded-lg border border-border bg-background p-4 shadow-sm hover:border-primary",
        props.className,
      )}
    >
      <Repeat className="size-6 shrink-0 text-primary" aria-hidden="true" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-semibold">{t("Revision")}</span>
        <span
          className={cn("text-sm", props.dueToday > 0 ? "font-medium" : "text-muted-foreground")}
        >
          {t("{{count}} due today", { count: props.dueToday })}
        </span>
        {props.total === 0 ? (
          <span className="text-xs text-muted-foreground">
            {t("Questions you get wrong, skip or guess are saved here after each test.")}
          </span>
        ) : null}
      </span>
      <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}
