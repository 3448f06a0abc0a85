import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { PLAN_DELETE_BLOCKED_TOAST_MS, PLAN_MESSAGES } from "../../../../shared/subscriptions.ts";
import { adminPlansQueryOptions, useDeletePlan } from "../api/plans.ts";
import { PlanDialog } from "../components/plan-dialog.tsx";

const limit = (v: number | null) => (v === null ? "Unlimited" : v);

export function ManagePlansPage() {
  const remove = useDeletePlan();
  return (
    <ResourceList
      title="Manage Subscription Plans"
      description={PLAN_MESSAGES.deactivateAdvice}
      create={{ label: "Add New Plan" }}
      query={adminPlansQueryOptions}
      loadingLabel="Loading plans..."
      errorTitle="Error fetching plans"
      empty={{ title: PLAN_MESSAGES.adminEmpty, description: "Add your first plan." }}
      columns={[
        { header: "Name", className: "min-w-40 font-medium", cell: (plan) => plan.name },
        {
          header: "Price",
          className: "whitespace-nowrap",
          cell: (plan) => `${plan.currency} ${plan.price.toFixed(2)}`,
        },
        {
          header: "Duration (Days)",
          cell: (plan) => (plan.durationDays === 0 ? "Lifetime" : plan.durationDays),
        },
        { header: "Exam Limit", cell: (plan) => limit(plan.examLimit) },
        { header: "Attempt Limit", cell: (plan) => limit(plan.attemptLimitPerExam) },
        {
          header: "Active",
          cell: (plan) => (
            <Badge variant={plan.isActive ? "success" : "outline"}>
              {plan.isActive ? "Active" : "Inactive"}
            </Badge>
          ),
        },
      ]}
      rowLabel={(plan) => plan.name}
      form={(form) => (
        <PlanDialog open={form.open} onOpenChange={form.onOpenChange} plan={form.row} />
      )}
      remove={{
        title: "Delete Plan",
        description: (plan) =>
          `Are you sure you want to delete the plan "${plan.name}"? This action cannot be undone. ${PLAN_MESSAGES.deactivateAdvice}`,
        run: async (plan) => {
          try {
            await remove.mutateAsync(plan.id);
            notify.success("Plan Deleted", `"${plan.name}" has been deleted.`);
          } catch (error) {
            const blocked = error instanceof ApiError && error.status === 409;
            notify.error(
              blocked ? "Cannot Delete Plan" : "Error deleting plan",
              errorMessage(error),
              blocked ? { duration: PLAN_DELETE_BLOCKED_TOAST_MS } : undefined,
            );
          }
        },
      }}
    />
  );
}
