import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { RowActions } from "@web/components/ui/row-actions.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import { Plus } from "lucide-react";
import { useState } from "react";
import { PLAN_DELETE_BLOCKED_TOAST_MS, PLAN_MESSAGES } from "../../../../shared/subscriptions.ts";
import { type AdminPlan, useAdminPlans, useDeletePlan } from "../api/plans.ts";
import { PlanDialog } from "../components/plan-dialog.tsx";

const limit = (v: number | null) => (v === null ? "Unlimited" : v);

export function ManagePlansPage() {
  const plans = useAdminPlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminPlan | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success("Plan Deleted", `"${deleting.name}" has been deleted.`);
    } catch (error) {
      const blocked = error instanceof ApiError && error.status === 409;
      notify.error(
        blocked ? "Cannot Delete Plan" : "Error deleting plan",
        error instanceof Error ? error.message : undefined,
        blocked ? { duration: PLAN_DELETE_BLOCKED_TOAST_MS } : undefined,
      );
    }
    setDeleting(null);
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6">
      <PageHeader
        title="Manage Subscription Plans"
        description={PLAN_MESSAGES.deactivateAdvice}
        backTo="/admin/dashboard"
        actions={
          <Button
            className="h-11"
            onClick={() => {
              setEditing(null);
              setIsDialogOpen(true);
            }}
          >
            <Plus aria-hidden="true" /> Add New Plan
          </Button>
        }
      />
      <QueryContent
        query={plans}
        loadingLabel="Loading plans..."
        errorTitle="Error fetching plans"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState title={PLAN_MESSAGES.adminEmpty} description="Add your first plan." />}
      >
        {(list) => (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Price</TableHead>
                <TableHead>Duration (Days)</TableHead>
                <TableHead>Exam Limit</TableHead>
                <TableHead>Attempt Limit</TableHead>
                <TableHead>Active</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((plan) => (
                <TableRow key={plan.id}>
                  <TableCell className="min-w-40 font-medium">{plan.name}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {plan.currency} {plan.price.toFixed(2)}
                  </TableCell>
                  <TableCell>{plan.durationDays === 0 ? "Lifetime" : plan.durationDays}</TableCell>
                  <TableCell>{limit(plan.examLimit)}</TableCell>
                  <TableCell>{limit(plan.attemptLimitPerExam)}</TableCell>
                  <TableCell>
                    <Badge variant={plan.isActive ? "success" : "outline"}>
                      {plan.isActive ? "Active" : "Inactive"}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    <RowActions
                      label={plan.name}
                      onEdit={() => {
                        setEditing(plan);
                        setIsDialogOpen(true);
                      }}
                      onDelete={() => setDeleting(plan)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryContent>
      <PlanDialog open={isDialogOpen} onOpenChange={setIsDialogOpen} plan={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Plan"
        description={`Are you sure you want to delete the plan "${deleting?.name ?? ""}"? This action cannot be undone. ${PLAN_MESSAGES.deactivateAdvice}`}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
