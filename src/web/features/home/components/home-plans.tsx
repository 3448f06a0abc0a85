import { Button } from "@web/components/ui/button.tsx";
import { usePlanTerms } from "@web/lib/plan-terms.ts";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatPrice, priceSuffix } from "../../../../shared/plan-display.ts";
import { useHomePlans } from "../api/home-lists.ts";

/** The plans a visitor can choose after signing up: price, enforced terms, the admin's features. */
export function HomePlans() {
  const { t } = useTranslation();
  const terms = usePlanTerms();
  const plans = useHomePlans(true);
  if (!plans.data || plans.data.length === 0) return null;
  return (
    <section aria-labelledby="home-plans" className="grid gap-3">
      <h2 id="home-plans" className="text-lg font-semibold">
        {t("Plans")}
      </h2>
      {/* The cards scroll sideways on a phone and hold no link, so the strip itself takes focus:
          a keyboard reader scrolls it with the arrow keys (axe: scrollable-region-focusable). */}
      <ul
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region with no focusable content must be focusable
        tabIndex={0}
        aria-labelledby="home-plans"
        className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {plans.data.map((plan) => (
          <li
            key={plan.id}
            className="grid w-64 shrink-0 snap-start content-start gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
          >
            <p className="font-semibold">{plan.name}</p>
            <p>
              <span className="text-2xl font-bold">{formatPrice(plan.price, plan.currency)}</span>
              {priceSuffix(plan.name) ? (
                <span className="text-muted-foreground">{t(priceSuffix(plan.name))}</span>
              ) : null}
            </p>
            <ul className="grid gap-1.5 text-sm">
              {[...terms(plan), ...plan.features].map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a feature may repeat a term
                <li key={`${i}-${line}`} className="flex gap-2">
                  <Check className="size-4 shrink-0 text-success" aria-hidden="true" />
                  {line}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <Button asChild className="justify-self-start">
        <Link to="/register">{t("Sign up free")}</Link>
      </Button>
    </section>
  );
}
