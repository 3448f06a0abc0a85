import { TextareaField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { reportPostSchema } from "../../../shared/discussion-schemas.ts";
import { DISCUSSION_REASON_MAX_CHARS } from "../../../shared/discussions.ts";
import { msg } from "../../../shared/i18n/msg.ts";
import { useReportPost } from "./discussion-api.ts";

type Values = { reason: string };
const resolver = schemaResolver<Values, typeof reportPostSchema>(reportPostSchema);

/** A student's report of a post, with an optional reason the moderators read. */
export function ReportDialog(props: {
  questionId: string;
  postId: string | null;
  number: number;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const report = useReportPost(props.questionId);
  const open = props.postId !== null;
  const form = useDialogForm<Values, { reason: string | null }>({
    open,
    resolver,
    values: () => ({ reason: "" }),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={props.onOpenChange}
      title={t("Report post #{{number}}", { number: props.number })}
      form={form}
      submitLabel={t("Report")}
      onSubmit={async ({ reason }) => {
        if (!props.postId) return;
        try {
          await report.mutateAsync({ postId: props.postId, reason });
          notify.success(
            t("Post reported"),
            t("Thank you. Moderators will look at it; enough reports hide it until then."),
          );
          props.onOpenChange(false);
        } catch (error) {
          form.setError("reason", {
            message: errorMessage(error, msg("Something went wrong. Please try again.")),
          });
        }
      }}
    >
      <p className="text-sm text-muted-foreground">
        {t("Report a post that is rude, spam or off topic. A wrong answer is better answered.")}
      </p>
      <TextareaField
        name="reason"
        label={t("Why? (optional)")}
        rows={3}
        maxLength={DISCUSSION_REASON_MAX_CHARS}
      />
    </FormDialog>
  );
}
