import { NumberField, TextareaField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { type DiscussionBan, discussionBanSchema } from "../../../../shared/discussion-schemas.ts";
import {
  DISCUSSION_BAN_MAX_DAYS,
  DISCUSSION_REASON_MAX_CHARS,
} from "../../../../shared/discussions.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { useBanWriter } from "../api/moderation.ts";

type Values = { userId: string; days: string; reason: string };
const resolver = schemaResolver<Values, typeof discussionBanSchema>(
  discussionBanSchema,
  (values) => ({ ...values, days: numberOf(values.days) }),
);

/** Banning a post's writer from posting: for how many days, and why. */
export function BanDialog(props: {
  writer: { userId: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const ban = useBanWriter();
  const open = props.writer !== null;
  const form = useDialogForm<Values, DiscussionBan>({
    open,
    resolver,
    values: () => ({ userId: props.writer?.userId ?? "", days: "7", reason: "" }),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={props.onOpenChange}
      title={t("Ban from posting")}
      form={form}
      submitLabel={t("Ban")}
      onSubmit={async (values) => {
        try {
          await ban.mutateAsync(values);
          notify.success(t("Banned from posting"), props.writer?.name);
          props.onOpenChange(false);
        } catch (error) {
          form.setError("reason", {
            message: errorMessage(error, msg("Something went wrong. Please try again.")),
          });
        }
      }}
    >
      <p className="text-sm text-muted-foreground">
        {t("{{name}} can still read discussions, but cannot post or reply until the ban ends.", {
          name: props.writer?.name ?? "",
        })}
      </p>
      <NumberField
        name="days"
        label={t("Days (1 to {{max}})", { max: DISCUSSION_BAN_MAX_DAYS })}
        min={1}
        max={DISCUSSION_BAN_MAX_DAYS}
      />
      <TextareaField
        name="reason"
        label={t("Reason")}
        rows={3}
        maxLength={DISCUSSION_REASON_MAX_CHARS}
      />
    </FormDialog>
  );
}
