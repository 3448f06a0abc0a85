import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { usePlanTerms } from "@web/lib/plan-terms.ts";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatPrice, isHighlightedPlan, priceSuffix } from "../../../../shared/subscriptions.ts";
import type { Plan } from "../api/subscriptions.ts";

export function PlanCard(props: {
  plan: Plan;
  isCurrent: boolean;
  isBusy: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const { t } = useTranslation();
  const terms = usePlanTerms();
  const { plan } = props;
  const highlighted = isHighlightedPlan(plan.name);
  return (
    <li
      className={cn(
        "grid min-w-0 content-start gap-4 rounded-xl border bg-background p-5 shadow-sm",
        highlighted ? "border-primary ring-2 ring-primary" : "border-border",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold">{plan.name}</h2>
        {highlighted ? <Badge>{t("Recommended")}</Badge> : null}
        {props.isCurrent ? <Badge variant="success">{t("Current")}</Badge> : null}
      </div>
      {plan.description ? (
        <p className="text-sm text-muted-foreground">{plan.description}</p>
      ) : null}
      <p>
        <span className="text-3xl font-bold">{formatPrice(plan.price, plan.currency)}</span>
        {priceSuffix(plan.name) ? (
          <span className="text-muted-foreground">{t(priceSuffix(plan.name))}</span>
        ) : null}
      </p>
      <ul className="grid gap-2 text-sm">
        {[...terms(plan), ...plan.features].map((feature, i) => (
          // A feature may repeat a line above (e.g. "30 days"): the position keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for this render
          <li key={`${i}-${feature}`} className="flex gap-2">
            <Check className="size-4 shrink-0 text-success" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        // Long plan names wrap instead of widening the card; 44 px tall for a thumb.
        className="mt-auto h-auto min-h-11 whitespace-normal text-center"
        variant={props.isCurrent ? "outline" : highlighted ? "default" : "secondary"}
        disabled={props.isBusy}
        onClick={() => props.onChoose(plan)}
      >
        {props.isCurrent
          ? t("Current Plan")
          : plan.price === 0
            ? t("Get Started")
            : t("Subscribe to {{plan}}", { plan: plan.name })}
      </Button>
    </li>
  );
}
