import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Switch } from "@web/components/ui/switch.tsx";
import { Textarea } from "@web/components/ui/textarea.tsx";
import { notify } from "@web/lib/toast.ts";
import { useEffect, useState } from "react";
import {
  PLAN_DEFAULTS,
  PLAN_MESSAGES,
  planInputSchema,
  UNLIMITED,
} from "../../../../shared/subscriptions.ts";
import { type AdminPlan, useSavePlan } from "../api/plans.ts";

type Form = Record<
  | "name"
  | "description"
  | "price"
  | "currency"
  | "durationDays"
  | "examLimit"
  | "attempts"
  | "features",
  string
> & { isActive: boolean };

const toForm = (plan: AdminPlan | null): Form => ({
  name: plan?.name ?? "",
  description: plan?.description ?? "",
  price: String(plan?.price ?? PLAN_DEFAULTS.price),
  currency: plan?.currency ?? PLAN_DEFAULTS.currency,
  durationDays: String(plan?.durationDays ?? PLAN_DEFAULTS.durationDays),
  // Spec: unlimited (null) is shown and entered as -1.
  examLimit: String(plan ? (plan.examLimit ?? UNLIMITED) : PLAN_DEFAULTS.examLimit),
  attempts: String(
    plan ? (plan.attemptLimitPerExam ?? UNLIMITED) : PLAN_DEFAULTS.attemptLimitPerExam,
  ),
  features: plan?.features.join("\n") ?? "",
  isActive: plan?.isActive ?? PLAN_DEFAULTS.isActive,
});

const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));

export function PlanDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: AdminPlan | null;
}) {
  const save = useSavePlan();
  const [form, setForm] = useState<Form>(() => toForm(props.plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (props.open) {
      setForm(toForm(props.plan));
      setErrors({});
    }
  }, [props.open, props.plan]);
  const set = (key: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = planInputSchema.safeParse({
      name: form.name,
      description: form.description,
      price: num(form.price),
      currency: form.currency,
      durationDays: num(form.durationDays),
      examLimit: num(form.examLimit),
      attemptLimitPerExam: num(form.attempts),
      features: form.features.split("\n"),
      isActive: form.isActive,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "name");
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      await save.mutateAsync({ id: props.plan?.id, input: parsed.data });
      notify.success("Plan Saved", `"${parsed.data.name}" has been saved.`);
      props.onOpenChange(false);
    } catch (error) {
      notify.error("Error saving plan", error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.plan ? "Edit Plan" : "Add New Plan"}>
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          <FormField id="plan-name" label="Name" error={errors.name}>
            <Input
              {...fieldAria("plan-name", errors.name)}
              value={form.name}
              onChange={set("name")}
            />
          </FormField>
          <FormField id="plan-description" label="Description (optional)">
            <Textarea
              id="plan-description"
              rows={2}
              value={form.description}
              onChange={set("description")}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id="plan-price" label="Price" error={errors.price}>
              <Input
                {...fieldAria("plan-price", errors.price)}
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                value={form.price}
                onChange={set("price")}
              />
            </FormField>
            <FormField id="plan-currency" label="Currency" error={errors.currency}>
              <Input
                {...fieldAria("plan-currency", errors.currency)}
                value={form.currency}
                onChange={set("currency")}
              />
            </FormField>
            <FormField
              id="plan-duration"
              label="Duration (Days)"
              error={errors.durationDays}
              hint="0 means lifetime"
            >
              <Input
                {...fieldAria("plan-duration", errors.durationDays)}
                type="number"
                min={0}
                value={form.durationDays}
                onChange={set("durationDays")}
              />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="plan-exam-limit"
              label="Exam Limit"
              error={errors.examLimit}
              hint="-1 means unlimited"
            >
              <Input
                {...fieldAria("plan-exam-limit", errors.examLimit)}
                type="number"
                min={-1}
                value={form.examLimit}
                onChange={set("examLimit")}
              />
            </FormField>
            <FormField
              id="plan-attempt-limit"
              label="Attempt Limit (per exam)"
              error={errors.attemptLimitPerExam}
              hint="-1 means unlimited"
            >
              <Input
                {...fieldAria("plan-attempt-limit", errors.attemptLimitPerExam)}
                type="number"
                min={-1}
                value={form.attempts}
                onChange={set("attempts")}
              />
            </FormField>
          </div>
          <FormField id="plan-features" label="Features (one per line)">
            <Textarea
              id="plan-features"
              rows={4}
              value={form.features}
              onChange={set("features")}
            />
          </FormField>
          <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-3">
            <div className="grid gap-1">
              <Label htmlFor="plan-active">Active</Label>
              <p id="plan-active-help" className="text-xs text-muted-foreground">
                {PLAN_MESSAGES.deactivateAdvice}
              </p>
            </div>
            <Switch
              id="plan-active"
              checked={form.isActive}
              onCheckedChange={(isActive) => setForm((f) => ({ ...f, isActive }))}
              aria-describedby="plan-active-help"
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Plan"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
