import { zodResolver } from "@hookform/resolvers/zod";
import { DateField, TextField } from "@web/components/form/fields.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormProvider, useForm } from "react-hook-form";
import { type Target, targetSchema } from "../lib/target-exam.ts";

export function TargetExamDialog(props: {
  initial: Target;
  hasCustomTarget: boolean;
  onClose: () => void;
  onSave: (target: Target | null) => void;
}) {
  const form = useForm<Target>({
    resolver: zodResolver(targetSchema),
    defaultValues: props.initial,
  });
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent
        title="Change Exam"
        description="Set the exam you are preparing for and its date. It is kept on this device."
      >
        <FormProvider {...form}>
          <form className="grid gap-4" onSubmit={form.handleSubmit(props.onSave)} noValidate>
            <TextField name="name" label="Exam" maxLength={60} required />
            <DateField name="date" label="Exam date" required />
            <DialogFooter>
              {props.hasCustomTarget ? (
                <Button type="button" variant="ghost" onClick={() => props.onSave(null)}>
                  Use the default
                </Button>
              ) : null}
              <Button type="submit">Save</Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
