import { zodResolver } from "@hookform/resolvers/zod";
import { DateField, TextField } from "@web/components/form/fields.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter } from "@web/components/ui/dialog.tsx";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { msg } from "../../../../shared/i18n/msg.ts";
import { text } from "../../../../shared/text.ts";
import type { Target } from "../lib/target-exam.ts";

const targetSchema = z.object({
  name: text().trim().min(1, msg("Enter the exam you are preparing for.")).max(60),
  date: z.iso.date(msg("Choose the exam date.")),
}) satisfies z.ZodType<Target>;

export function TargetExamDialog(props: {
  initial: Target;
  hasCustomTarget: boolean;
  onClose: () => void;
  onSave: (target: Target | null) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Target>({
    resolver: zodResolver(targetSchema),
    defaultValues: props.initial,
  });
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent
        title={t("Change Exam")}
        description={t(
          "Set the exam you are preparing for and its date. It is kept on this device.",
        )}
      >
        <FormProvider {...form}>
          <form className="grid gap-4" onSubmit={form.handleSubmit(props.onSave)} noValidate>
            <TextField name="name" label={t("Exam")} maxLength={60} required />
            <DateField name="date" label={t("Exam date")} required />
            <DialogFooter>
              {props.hasCustomTarget ? (
                <Button type="button" variant="ghost" onClick={() => props.onSave(null)}>
                  {t("Use the default")}
                </Button>
              ) : null}
              <Button type="submit">{t("Save")}</Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
