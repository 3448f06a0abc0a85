import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { PLAN_DELETE_BLOCKED_TOAST_MS, PLAN_MESSAGES } from "../../../../shared/subscriptions.ts";
import { adminPlansQueryOptions, useDeletePlan } from "../api/plans.ts";
import { PlanDialog } from "../components/plan-dialog.tsx";

export function ManagePlansPage() {
  const { t } = useTranslation();
  const limit = (v: number | null) => (v === null ? t("Unlimited") : v);
  const remove = useDeletePlan();
  return (
    <ResourceList
      title={t("Manage Subscription Plans")}
      description={t(PLAN_MESSAGES.deactivateAdvice)}
      create={{ label: t("Add New Plan") }}
      query={adminPlansQueryOptions}
      loadingLabel={t("Loading plans...")}
      errorTitle={t("Error fetching plans")}
      empty={{ title: t(PLAN_MESSAGES.adminEmpty), description: t("Add your first plan.") }}
      columns={[
        { header: t("Name"), className: "min-w-40 font-medium", cell: (plan) => plan.name },
        {
          header: t("Price"),
          className: "whitespace-nowrap",
          cell: (plan) => `${plan.currency} ${plan.price.toFixed(2)}`,
        },
        {
          header: t("Duration (Days)"),
          cell: (plan) => (plan.durationDays === 0 ? t("Lifetime") : plan.durationDays),
        },
        { header: t("Exam Limit"), cell: (plan) => limit(plan.examLimit) },
        { header: t("Attempt Limit"), cell: (plan) => limit(plan.attemptLimitPerExam) },
        { header: t("Practice Limit"), cell: (plan) => limit(plan.practiceLimit) },
        { header: t("Evaluation Limit"), cell: (plan) => limit(plan.evaluationLimit) },
        {
          header: t("Active"),
          cell: (plan) => (
            <Badge variant={plan.isActive ? "success" : "outline"}>
              {plan.isActive ? t("Active") : t("Inactive")}
            </Badge>
          ),
        },
      ]}
      rowLabel={(plan) => plan.name}
      form={(form) => (
        <PlanDialog open={form.open} onOpenChange={form.onOpenChange} plan={form.row} />
      )}
      remove={{
        title: t("Delete Plan"),
        description: (plan) =>
          `${t('Are you sure you want to delete the plan "{{name}}"? This action cannot be undone.', { name: plan.name })} ${t(PLAN_MESSAGES.deactivateAdvice)}`,
        run: async (plan) => {
          try {
            await remove.mutateAsync(plan.id);
            notify.success(
              t("Plan Deleted"),
              t('"{{name}}" has been deleted.', { name: plan.name }),
            );
          } catch (error) {
            const blocked = error instanceof ApiError && error.status === 409;
            notify.error(
              blocked ? t("Cannot Delete Plan") : t("Error deleting plan"),
              errorMessage(error),
              blocked ? { duration: PLAN_DELETE_BLOCKED_TOAST_MS } : undefined,
            );
          }
        },
      }}
    />
  );
}
