import { useQuery } from "@tanstack/react-query";
import { SelectField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { reassignSchema } from "../../../../shared/evaluation.ts";
import { type AdminCopy, useReassignCopy } from "../api/evaluations.ts";
import { mentorOptionsQueryOptions } from "../api/mentors.ts";

type ReassignValues = { mentorId: string };
const resolver = schemaResolver<ReassignValues, typeof reassignSchema>(
  reassignSchema,
  (values) => ({ mentorId: values.mentorId || null }),
);

/** Gives a copy not yet evaluated to another mentor (a fresh claim), or back to the queue. */
export function ReassignDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  copy: AdminCopy | null;
}) {
  const { t } = useTranslation();
  const mentors = useQuery({ ...mentorOptionsQueryOptions, enabled: props.open });
  const reassign = useReassignCopy();
  const copy = props.copy;
  const form = useDialogForm<ReassignValues, { mentorId: string | null }>({
    open: props.open,
    resolver,
    values: () => ({ mentorId: "" }),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("Reassign copy")}
      form={form}
      submitLabel={t("Reassign")}
      onSubmit={async ({ mentorId }) => {
        if (!copy) return;
        try {
          await reassign.mutateAsync({ copyId: copy.id, mentorId });
          notify.success(mentorId ? t("Copy reassigned") : t("Copy back in the queue"));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error reassigning the copy"), errorMessage(error));
        }
      }}
    >
      {copy ? (
        <p className="text-sm text-muted-foreground">
          <span lang={contentLang(copy.studentName)}>{copy.studentName}</span>:{" "}
          <span lang={contentLang(copy.questionText)}>{copy.questionText}</span>
        </p>
      ) : null}
      <SelectField
        name="mentorId"
        label={t("Mentor")}
        hint={t("The mentor gets a fresh claim and starts from a clean draft.")}
        disabled={mentors.isPending}
      >
        <option value="">{t("Back to the queue")}</option>
        {(mentors.data?.items ?? []).map((mentor) => (
          <option key={mentor.id} value={mentor.id}>
            {mentor.name ? `${mentor.name} (${mentor.email})` : mentor.email}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
