import { useQueryClient } from "@tanstack/react-query";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { CheckoutPolicyLinks } from "@web/components/legal/legal-links.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState, ErrorState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate } from "@web/lib/format.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PLAN_MESSAGES } from "../../../../shared/subscriptions.ts";
import { createOrder, reportFailure, useBillingState, verifyPayment } from "../api/payments.ts";
import { activateFreePlan, type Plan, useMySubscription, usePlans } from "../api/subscriptions.ts";
import { BillingStateDialog } from "../components/billing-state-dialog.tsx";
import {
  type Breakdown,
  CheckoutBreakdownDialog,
  hasReductions,
} from "../components/checkout-breakdown.tsx";
import { CurrentPlanBanner } from "../components/current-plan-banner.tsx";
import { PlanCard } from "../components/plan-card.tsx";
import { openCheckout } from "../lib/razorpay-checkout.ts";

export function SubscriptionsPage() {
  const { t } = useTranslation();
  const message = (error: unknown) => t(errorMessage(error, t("An unexpected error occurred.")));
  const plans = usePlans();
  const mine = useMySubscription();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busyPlanId, setBusyPlanId] = useState<string | null>(null);
  // A second click while a checkout is starting would otherwise start another one.
  const busy = useRef(false);
  // A referral discount or credit (decision 043): the breakdown is confirmed before Razorpay opens.
  const [confirming, setConfirming] = useState<{
    planName: string;
    currency: string;
    breakdown: Breakdown;
    answer: (pay: boolean) => void;
  } | null>(null);
  const confirmBreakdown = (planName: string, currency: string, breakdown: Breakdown) =>
    new Promise<boolean>((resolve) =>
      setConfirming({
        planName,
        currency,
        breakdown,
        answer: (pay) => {
          setConfirming(null);
          resolve(pay);
        },
      }),
    );

  // The student's state for GST invoices, asked once before the first paid checkout (059).
  const billingState = useBillingState();
  const [askingState, setAskingState] = useState<{ answer: (code: string | null) => void } | null>(
    null,
  );
  const askState = () =>
    new Promise<string | null>((resolve) =>
      setAskingState({
        answer: (code) => {
          setAskingState(null);
          resolve(code);
        },
      }),
    );

  useEffect(() => {
    if (plans.isError) notify.error(t("Error fetching plans"), plans.error.message);
  }, [plans.isError, plans.error, t]);
  useEffect(() => {
    if (mine.isError) notify.error(t("Error fetching your subscription"), mine.error.message);
  }, [mine.isError, mine.error, t]);

  const subscription = mine.data?.subscription ?? null;
  const currentPlanId = subscription?.status === "active" ? subscription.planId : null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions.all });

  const subscribe = async (plan: Plan) => {
    if (plan.id === currentPlanId) {
      notify.info(t("Current Plan"), t(PLAN_MESSAGES.alreadyCurrent));
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setBusyPlanId(plan.id);
    try {
      if (plan.price === 0) {
        const { subscription: activated } = await activateFreePlan(plan.id);
        notify.success(
          t("Plan Activated"),
          t("Your {{plan}} plan is active.", { plan: activated?.planName ?? plan.name }),
        );
        await refresh();
        return;
      }
      let stateCode: string | undefined;
      if (!billingState.data?.stateCode) {
        const chosen = await askState();
        if (!chosen) {
          notify.info(t("Payment Cancelled"), t("Nothing was charged."));
          return;
        }
        stateCode = chosen;
      }
      const order = await createOrder(plan.id, stateCode);
      if (stateCode) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.payments.billingState });
      }
      if (
        hasReductions(order.breakdown) &&
        !(await confirmBreakdown(plan.name, order.currency, order.breakdown))
      ) {
        notify.info(t("Payment Cancelled"), t("Nothing was charged."));
        return;
      }
      const outcome = await openCheckout(order, (reason) => {
        notify.error(
          t("Payment Failed"),
          `${t(reason)} ${t("Nothing was charged. You can try again.")}`,
        );
        void reportFailure(order.orderId, reason).catch(() => {});
      });
      if (outcome.kind === "dismissed") {
        if (!outcome.failure) {
          notify.info(
            t("Payment Cancelled"),
            t("You closed the payment window. Nothing was charged."),
          );
        }
        return;
      }
      const { subscription: activated } = await verifyPayment(outcome.response);
      notify.success(
        t("Payment Successful"),
        activated?.endDate
          ? t("Your {{plan}} plan is active until {{date}}.", {
              plan: activated.planName,
              date: formatDate(activated.endDate),
            })
          : t("Your {{plan}} plan is active.", { plan: activated?.planName ?? plan.name }),
      );
      await Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments.all }),
      ]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        notify.error(t("Authentication Error"), t("Please login to subscribe."));
        navigate("/login", { state: { from: "/student/subscriptions" } });
        return;
      }
      notify.error(t("Subscription Error"), message(error));
      await refresh();
    } finally {
      busy.current = false;
      setBusyPlanId(null);
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6">
      <PageHeader
        title={t("Choose Your Plan")}
        description={t(
          "Unlock premium exams and quizzes. Payments are handled securely by Razorpay.",
        )}
        backTo="/student/dashboard"
      />
      {/* The banner once the student's plan is known; a failed read (toasted) says none. */}
      <QueryContent
        query={mine}
        loading={null}
        error={() => <CurrentPlanBanner subscription={subscription} />}
      >
        {() => <CurrentPlanBanner subscription={subscription} />}
      </QueryContent>
      {currentPlanId ? (
        <p className="text-sm text-muted-foreground">{t(PLAN_MESSAGES.replaceNote)}</p>
      ) : null}
      <QueryContent
        query={plans}
        loadingLabel={t("Loading plans...")}
        error={(error, retry) => (
          <ErrorState title={t("Error fetching plans")} message={error?.message} onRetry={retry} />
        )}
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title={t("No Plans")} description={t(PLAN_MESSAGES.empty)} />}
      >
        {(data) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                isCurrent={plan.id === currentPlanId}
                isBusy={busyPlanId !== null}
                onChoose={(p) => void subscribe(p)}
              />
            ))}
          </ul>
        )}
      </QueryContent>
      <CheckoutPolicyLinks />
      <BillingStateDialog
        open={askingState !== null}
        onChoose={(code) => askingState?.answer(code)}
        onCancel={() => askingState?.answer(null)}
      />
      <CheckoutBreakdownDialog
        open={confirming !== null}
        planName={confirming?.planName ?? ""}
        currency={confirming?.currency ?? "INR"}
        breakdown={confirming?.breakdown ?? null}
        onPay={() => confirming?.answer(true)}
        onCancel={() => confirming?.answer(false)}
      />
    </div>
  );
}
