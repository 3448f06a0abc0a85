import { Button } from "@web/components/ui/button.tsx";
import { Gift } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useReferralCode } from "../api/referral-code.ts";

/**
 * The register page's "Invited by" line for a referral link: the inviter's first name from the
 * public lookup; an invalid code says so and can be dropped.
 */
export function ReferralNotice(props: { code: string; onDrop: () => void }) {
  const { t } = useTranslation();
  const lookup = useReferralCode(props.code);
  if (lookup.isPending && lookup.fetchStatus === "fetching") return null;
  const invalid = lookup.isError || !lookup.data;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-muted p-3 text-sm"
    >
      <span className="flex items-center gap-2">
        <Gift className="size-4 shrink-0" aria-hidden="true" />
        {invalid
          ? t("This referral link is not valid.")
          : lookup.data.firstName
            ? t("Invited by {{name}}", { name: lookup.data.firstName })
            : t("You were invited by a friend.")}
        {!invalid && lookup.data.active ? ` ${t("Your first plan costs less.")}` : null}
      </span>
      <Button type="button" variant="ghost" className="h-9" onClick={props.onDrop}>
        {invalid ? t("Register without it") : t("Remove code")}
      </Button>
    </div>
  );
}
