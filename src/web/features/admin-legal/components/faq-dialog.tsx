import {
  NumberField,
  SwitchField,
  TextareaField,
  TextField,
} from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { faqInputSchema } from "../../../../shared/legal-schemas.ts";
import { type AdminFaq, useSaveFaq } from "../api/faqs.ts";

type FaqValues = { question: string; answer: string; sortOrder: string; isPublished: boolean };

const resolver = schemaResolver<FaqValues, typeof faqInputSchema>(faqInputSchema, (values) => ({
  ...values,
  sortOrder: numberOf(values.sortOrder),
}));

export function FaqDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  faq: AdminFaq | null;
}) {
  const { t } = useTranslation();
  const save = useSaveFaq();
  const faq = props.faq;
  const form = useDialogForm<FaqValues, ReturnType<typeof faqInputSchema.parse>>({
    open: props.open,
    resolver,
    values: () => ({
      question: faq?.question ?? "",
      answer: faq?.answer ?? "",
      sortOrder: String(faq?.sortOrder ?? 0),
      isPublished: faq?.isPublished ?? true,
    }),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={faq ? t("Edit FAQ") : t("Add FAQ")}
      form={form}
      submitLabel={t("Save FAQ")}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: faq?.id, input });
          notify.success(t("FAQ Saved"), input.question);
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error Saving FAQ"), errorMessage(error));
        }
      }}
    >
      <TextField name="question" label={t("Question")} />
      <TextareaField name="answer" label={t("Answer")} rows={5} />
      <NumberField
        name="sortOrder"
        label={t("Order")}
        hint={t("Lower numbers come first.")}
        className="sm:max-w-40"
      />
      <SwitchField
        name="isPublished"
        label={t("Published")}
        description={t("Shown on the public FAQ page.")}
      />
    </FormDialog>
  );
}
