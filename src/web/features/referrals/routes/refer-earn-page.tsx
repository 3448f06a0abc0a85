import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { formatDate } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { Copy, Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  CREDIT_STATE_LABELS,
  REFERRAL_NO_CREDIT_LABELS,
  REFERRAL_STATUS_LABELS,
  type RewardKind,
} from "../../../../shared/referrals.ts";
import { formatPrice } from "../../../../shared/subscriptions.ts";
import { type MyReferrals, useMyReferrals } from "../api/referrals.ts";

const rupees = (amount: number) => formatPrice(amount, "INR");

/** Shares the link with the phone's share sheet, or copies it (with a toast) where there is none. */
export async function shareLink(input: { link: string; title: string; text: string }) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: input.title, text: input.text, url: input.link });
      return "shared" as const;
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled" as const;
    }
  }
  await navigator.clipboard.writeText(input.link);
  return "copied" as const;
}

function Terms({ programme }: { programme: MyReferrals["programme"] }) {
  const { t } = useTranslation();
  const reward = (kind: RewardKind, value: number) =>
    kind === "percent" ? `${value}%` : rupees(value);
  if (!programme.enabled) {
    return (
      <p className="rounded-lg border border-border bg-muted p-4 text-sm">
        {t("The referral programme is paused. Friends can still join with your link.")}
      </p>
    );
  }
  return (
    <p className="text-sm text-muted-foreground">
      {t(
        "Your friend gets {{discount}} off their first plan. When they pay, you get {{credit}} of credit, valid for {{days}} days, taken off your next plan automatically.",
        {
          discount: reward(programme.discountKind, programme.discountValue),
          credit:
            programme.creditKind === "percent"
              ? t("{{percent}} of what they pay", { percent: `${programme.creditValue}%` })
              : rupees(programme.creditValue),
          days: programme.creditExpiryDays,
        },
      )}
    </p>
  );
}

/** The limits on credit (decision 058), as the server applies them. */
function Rules({ programme }: { programme: MyReferrals["programme"] }) {
  const { t } = useTranslation();
  if (!programme.enabled) return null;
  const rules = [
    t("Plans under {{price}} earn no credit.", { price: rupees(programme.minPlanPrice) }),
    t("Your credit is at most {{share}} of what your friend paid.", {
      share: `${programme.creditMaxSharePercent}%`,
    }),
    t("You can earn up to {{limit}} credits each calendar month.", {
      limit: programme.monthlyCreditLimit,
    }),
    programme.creditHoldDays > 0
      ? t(
          "A credit is pending for {{days}} days after your friend pays (the refund window), then you can spend it. If they get a refund before then, it is cancelled.",
          { days: programme.creditHoldDays },
        )
      : t("A credit can be spent as soon as your friend pays. A refund cancels it."),
    t(
      "Your own other accounts earn nothing: the same email, phone number or device as yours counts as you.",
    ),
  ];
  return (
    <section
      aria-labelledby="referral-rules"
      className="grid gap-2 rounded-xl border border-border p-5"
    >
      <h2 id="referral-rules" className="text-lg font-semibold">
        {t("Rules")}
      </h2>
      <ul className="grid list-disc gap-1 ps-5 text-sm text-muted-foreground">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}

function ShareCard({ data }: { data: MyReferrals }) {
  const { t } = useTranslation();
  const share = async () => {
    try {
      const result = await shareLink({
        link: data.link,
        title: t("Refer & Earn"),
        text: t("Join me on UPSC Prep with my referral code {{code}}.", { code: data.code }),
      });
      if (result === "copied") notify.success(t("Link copied"), data.link);
    } catch {
      notify.error(t("Could not copy the link"), t("Select the link and copy it yourself."));
    }
  };
  return (
    <section
      aria-labelledby="my-code"
      className="grid gap-3 rounded-xl border border-border bg-background p-5"
    >
      <h2 id="my-code" className="text-sm font-medium text-muted-foreground">
        {t("Your referral code")}
      </h2>
      <p className="font-mono text-3xl font-bold tracking-widest">{data.code}</p>
      <label htmlFor="referral-link" className="text-sm font-medium">
        {t("Your referral link")}
      </label>
      <input
        id="referral-link"
        readOnly
        value={data.link}
        onFocus={(event) => event.currentTarget.select()}
        className="h-11 w-full rounded-md border border-border bg-muted px-3 text-sm"
      />
      <div className="flex flex-wrap gap-2">
        <Button className="h-11" onClick={() => void share()}>
          <Share2 aria-hidden="true" /> {t("Share link")}
        </Button>
        <Button
          variant="outline"
          className="h-11"
          onClick={() =>
            void navigator.clipboard
              .writeText(data.code)
              .then(() => notify.success(t("Code copied"), data.code))
              .catch(() => {})
          }
        >
          <Copy aria-hidden="true" /> {t("Copy code")}
        </Button>
      </div>
      <Terms programme={data.programme} />
    </section>
  );
}

function Balance({ data }: { data: MyReferrals }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="balance" className="grid gap-1 rounded-xl border border-border p-5">
      <h2 id="balance" className="text-sm font-medium text-muted-foreground">
        {t("Available balance")}
      </h2>
      <p className="text-3xl font-bold">{rupees(data.balance)}</p>
      <p className="text-sm">
        {t("Pending: {{amount}}", { amount: rupees(data.pending) })}
        <span className="block text-xs text-muted-foreground">
          {t("Pending credit becomes spendable once its refund window has passed.")}
        </span>
      </p>
      {data.owed > 0 ? (
        <p className="text-sm text-destructive">
          {t("Adjustment: −{{amount}} from a refunded or cancelled referral", {
            amount: rupees(data.owed),
          })}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {t("Your balance is applied to your next plan automatically; the order stays at least ₹1.")}
      </p>
    </section>
  );
}

/** /student/refer-earn: the code and link to share, the friends who joined, and the credits. */
export function ReferEarnPage() {
  const { t } = useTranslation();
  const mine = useMyReferrals();
  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title={t("Refer & Earn")}
        description={t("Invite friends to prepare with you.")}
        backTo="/student/dashboard"
        backLabel={t("Back to Dashboard")}
      />
      <QueryContent
        query={mine}
        loadingLabel={t("Loading your referrals...")}
        errorTitle={t("Error loading your referrals")}
      >
        {(data) => (
          <>
            <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
              <ShareCard data={data} />
              <Balance data={data} />
            </div>
            <Rules programme={data.programme} />
            <section aria-labelledby="my-referrals" className="grid gap-3">
              <h2 id="my-referrals" className="text-lg font-semibold">
                {t("Your referrals")}
              </h2>
              {data.referrals.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  {t("No one has joined with your link yet.")}
                </p>
              ) : (
                <ul className="grid gap-2">
                  {data.referrals.map((referral) => (
                    <li
                      key={referral.id}
                      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
                    >
                      <span className="grid min-w-0">
                        <span className="font-medium">{referral.name || referral.email}</span>
                        <span className="break-all text-xs text-muted-foreground">
                          {referral.email} ·{" "}
                          {t("Signed up {{date}}", { date: formatDate(referral.signedUpAt) })}
                        </span>
                        {referral.status === "paid" && referral.noCreditReason ? (
                          <span className="text-xs text-muted-foreground">
                            {t(REFERRAL_NO_CREDIT_LABELS[referral.noCreditReason])}
                          </span>
                        ) : null}
                      </span>
                      <Badge
                        variant={referral.status === "credited" ? "success" : "outline"}
                        className="justify-self-start"
                      >
                        {t(REFERRAL_STATUS_LABELS[referral.status])}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="my-credits" className="grid gap-3">
              <h2 id="my-credits" className="text-lg font-semibold">
                {t("Your credits")}
              </h2>
              {data.credits.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  {t("Credits appear here when a friend you invited pays for a plan.")}
                </p>
              ) : (
                <ul className="grid gap-2">
                  {data.credits.map((credit) => (
                    <li
                      key={credit.id}
                      className="grid gap-1 rounded-lg border border-border p-3 sm:grid-cols-[1fr_auto] sm:items-center"
                    >
                      <span className="grid">
                        <span className="font-semibold">{rupees(credit.amount)}</span>
                        <span className="text-xs text-muted-foreground">
                          {credit.state === "pending"
                            ? t("Earned {{earned}} · spendable from {{spendable}}", {
                                earned: formatDate(credit.earnedAt),
                                spendable: formatDate(credit.spendableAt),
                              })
                            : t("Earned {{earned}} · expires {{expires}} · used {{used}}", {
                                earned: formatDate(credit.earnedAt),
                                expires: formatDate(credit.expiresAt),
                                used: rupees(credit.used),
                              })}
                        </span>
                        {credit.clawback > 0 ? (
                          <span className="text-xs text-destructive">
                            {t("Adjustment: −{{amount}}", { amount: rupees(credit.clawback) })}
                          </span>
                        ) : null}
                      </span>
                      <Badge
                        variant={credit.state === "available" ? "success" : "outline"}
                        className="justify-self-start"
                      >
                        {t(CREDIT_STATE_LABELS[credit.state])}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </QueryContent>
    </div>
  );
}
