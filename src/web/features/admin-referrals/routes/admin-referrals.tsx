import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { formatDate } from "@web/lib/format.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CREDIT_STATE_LABELS,
  REFERRAL_NO_CREDIT_LABELS,
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  type ReferralStatus,
} from "../../../../shared/referrals.ts";
import { formatPrice } from "../../../../shared/subscriptions.ts";
import { adminReferralsQueryOptions } from "../api/referrals.ts";
import { ReferralSettingsForm } from "../components/referral-settings-form.tsx";

/** /admin/referrals: every referral with its status and credit, and the programme's settings. */
export function AdminReferralsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReferralStatus | "">("");
  return (
    <ResourceList
      title={t("Referrals")}
      description={t("Who invited whom, and the credit each referral earned.")}
      notice={<ReferralSettingsForm />}
      search={{
        id: "referral-search",
        label: t("Search by email"),
        placeholder: t("Search by email..."),
      }}
      filters={
        <div>
          <Label htmlFor="referral-status" className="sr-only">
            {t("Status")}
          </Label>
          <Select
            id="referral-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as ReferralStatus | "")}
          >
            <option value="">{t("All referrals")}</option>
            {REFERRAL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(REFERRAL_STATUS_LABELS[value])}
              </option>
            ))}
          </Select>
        </div>
      }
      filterKey={status}
      query={adminReferralsQueryOptions(status)}
      loadingLabel={t("Loading referrals...")}
      errorTitle={t("Error loading referrals")}
      empty={{
        title: t("No referrals yet."),
        description: t("Referrals appear here when someone registers with a student's link."),
        filtered: t("No referral matches these filters."),
      }}
      columns={[
        {
          header: t("Referrer"),
          cell: (r) => (
            <span className="grid">
              <span className="font-medium">{r.referrer.name ?? "—"}</span>
              <span className="break-all text-xs text-muted-foreground">{r.referrer.email}</span>
            </span>
          ),
        },
        {
          header: t("Referred"),
          cell: (r) => (
            <span className="grid">
              <span className="font-medium">{r.referred.name ?? "—"}</span>
              <span className="break-all text-xs text-muted-foreground">{r.referred.email}</span>
            </span>
          ),
        },
        {
          header: t("Status"),
          cell: (r) => (
            <span className="grid justify-items-start gap-1">
              <Badge variant="outline">{t(REFERRAL_STATUS_LABELS[r.status])}</Badge>
              {r.noCreditReason ? (
                <span className="text-xs text-muted-foreground">
                  {t(REFERRAL_NO_CREDIT_LABELS[r.noCreditReason])}
                </span>
              ) : null}
            </span>
          ),
        },
        {
          header: t("Dates"),
          className: "whitespace-nowrap text-xs",
          cell: (r) => (
            <span className="grid">
              <span>{t("Signed up {{date}}", { date: formatDate(r.createdAt) })}</span>
              {r.paidAt ? <span>{t("Paid {{date}}", { date: formatDate(r.paidAt) })}</span> : null}
              {r.clawedBackAt ? (
                <span>{t("Clawed back {{date}}", { date: formatDate(r.clawedBackAt) })}</span>
              ) : null}
            </span>
          ),
        },
        {
          header: t("Credit"),
          cell: (r) =>
            r.credit ? (
              <span className="grid text-sm">
                <span className="font-medium">
                  {formatPrice(r.credit.amount, "INR")} · {t(CREDIT_STATE_LABELS[r.credit.state])}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t("Used {{used}} · expires {{expires}}", {
                    used: formatPrice(r.credit.used, "INR"),
                    expires: formatDate(r.credit.expiresAt),
                  })}
                </span>
              </span>
            ) : (
              "—"
            ),
        },
      ]}
    />
  );
}
