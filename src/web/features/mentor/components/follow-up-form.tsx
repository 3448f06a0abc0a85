import { TextareaField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { followUpAnswerSchema } from "../../../../shared/evaluation.ts";
import { useAnswerFollowUp } from "../api/desk.ts";

type AnswerValues = { answer: string };
const resolver = schemaResolver<AnswerValues, typeof followUpAnswerSchema>(followUpAnswerSchema);

/** The mentor's answer to a student's follow-up question on a copy they evaluated. */
export function FollowUpForm({ copyId }: { copyId: string }) {
  const { t } = useTranslation();
  const send = useAnswerFollowUp();
  const form = useForm<AnswerValues, unknown, AnswerValues>({
    resolver,
    defaultValues: { answer: "" },
  });
  const onSubmit = form.handleSubmit(async ({ answer }) => {
    try {
      await send.mutateAsync({ copyId, answer });
      notify.success(t("Answer sent"), t("The student sees it with their copy."));
    } catch (error) {
      notify.error(t("Error sending the answer"), errorMessage(error));
    }
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-2" onSubmit={onSubmit} noValidate>
        <TextareaField name="answer" label={t("Your answer")} rows={3} maxLength={3000} />
        <Button type="submit" className="justify-self-start" disabled={send.isPending}>
          {send.isPending ? t("Sending...") : t("Send answer")}
        </Button>
      </form>
    </FormProvider>
  );
}
