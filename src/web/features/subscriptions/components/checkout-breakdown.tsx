import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { useTranslation } from "react-i18next";
import { formatPrice } from "../../../../shared/subscriptions.ts";

export type Breakdown = {
  planPrice: number;
  referralDiscount: number;
  creditApplied: number;
  amount: number;
};

/** True when a referral discount or credit lowered the price (decisions 043 and 058). */
export const hasReductions = (b: Breakdown | null | undefined) =>
  Boolean(b && (b.referralDiscount > 0 || b.creditApplied > 0));

/** Plan price, referral discount, credit applied and the amount charged, as a list. */
export function BreakdownRows({
  breakdown,
  currency,
  paid = false,
}: {
  breakdown: Breakdown;
  currency: string;
  /** On a receipt: the total reads "Amount paid". */
  paid?: boolean;
}) {
  const { t } = useTranslation();
  const money = (amount: number) => formatPrice(amount, currency);
  const rows: [string, string][] = [[t("Plan price"), money(breakdown.planPrice)]];
  if (breakdown.referralDiscount > 0) {
    rows.push([t("Referral discount"), `−${money(breakdown.referralDiscount)}`]);
  }
  if (breakdown.creditApplied > 0) {
    rows.push([t("Referral credit applied"), `−${money(breakdown.creditApplied)}`]);
  }
  return (
    <dl className="grid gap-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-bold">
        <dt>{paid ? t("Amount paid") : t("Amount to pay")}</dt>
        <dd>{money(breakdown.amount)}</dd>
      </div>
    </dl>
  );
}

/** Shown before Razorpay opens when the order costs less than the plan's price. */
export function CheckoutBreakdownDialog(props: {
  open: boolean;
  planName: string;
  currency: string;
  breakdown: Breakdown | null;
  onPay: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? null : props.onCancel())}>
      <DialogContent
        title={t("Your price for {{plan}}", { plan: props.planName })}
        description={t("Your referral savings are applied. GST is included.")}
      >
        {props.breakdown ? (
          <BreakdownRows breakdown={props.breakdown} currency={props.currency} />
        ) : null}
        <DialogFooter>
          <Button variant="outline" className="h-11" onClick={props.onCancel}>
            {t("Cancel")}
          </Button>
          <Button className="h-11" onClick={props.onPay}>
            {t("Pay {{amount}}", {
              amount: formatPrice(props.breakdown?.amount ?? 0, props.currency),
            })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
