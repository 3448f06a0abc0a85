import { cn } from "@web/lib/cn.ts";
import { Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PLANS_PATH } from "../../../../shared/subscriptions.ts";
import type { EvaluationAllowance } from "../api/answer-evaluation.ts";

/**
 * How many evaluations the student has left in this period ("2 of 3 evaluations left this
 * period", or "Unlimited evaluations"); with none left, the way to the plans.
 */
export function AllowanceNote({
  allowance,
  className,
}: {
  allowance: EvaluationAllowance;
  className?: string;
}) {
  const { t } = useTranslation();
  const left = allowance.limit === null ? null : Math.max(0, allowance.limit - allowance.used);
  return (
    <div
      className={cn(
        "flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border px-3 py-2 text-sm",
        left === 0 ? "border-amber-300 bg-amber-50 text-amber-950" : "bg-muted/40",
        className,
      )}
    >
      <Gauge className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {left === null
          ? t("Unlimited evaluations")
          : t("{{left}} of {{limit}} evaluations left this period", {
              left,
              limit: allowance.limit,
            })}
      </p>
      {left === 0 ? (
        <Link to={PLANS_PATH} className="font-medium text-primary underline">
          {t("View Plans")}
        </Link>
      ) : null}
    </div>
  );
}
