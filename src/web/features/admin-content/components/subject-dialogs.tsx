import { zodResolver } from "@hookform/resolvers/zod";
import { SelectField, TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import {
  type SubjectInput,
  subjectInputSchema,
  type TopicInput,
  type TopicMergeInput,
  topicInputSchema,
  topicMergeSchema,
} from "../../../../shared/taxonomy.ts";
import {
  type AdminSubject,
  type AdminTopic,
  useMergeTopic,
  useSaveSubject,
  useSaveTopic,
  useSubjectOptions,
} from "../api/subjects.ts";

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Add a subject (no `subject`) or rename one. */
export function SubjectDialog(props: DialogProps & { subject: AdminSubject | null }) {
  const { t } = useTranslation();
  const save = useSaveSubject();
  const s = props.subject;
  const form = useDialogForm<SubjectInput>({
    open: props.open,
    resolver: zodResolver(subjectInputSchema) as never,
    values: () => ({ name: s?.name ?? "" }),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={s ? t("Rename Subject") : t("Add Subject")}
      form={form}
      submitLabel={s ? t("Save Subject") : t("Add Subject")}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: s?.id, input });
          notify.success(t("Success"), s ? t("Subject renamed.") : t("Subject created."));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving subject"), errorMessage(error));
        }
      }}
    >
      <TextField name="name" label={t("Subject name")} />
    </FormDialog>
  );
}

/** What the topic dialog works on: a new topic of `subject`, or `topic` to rename. */
export type TopicTarget = { subject: AdminSubject; topic: AdminTopic | null };

export function TopicDialog(props: DialogProps & { target: TopicTarget | null }) {
  const { t } = useTranslation();
  const save = useSaveTopic();
  const topic = props.target?.topic ?? null;
  const subject = props.target?.subject;
  const form = useDialogForm<TopicInput>({
    open: props.open,
    resolver: zodResolver(topicInputSchema) as never,
    values: () => ({ name: topic?.name ?? "" }),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={topic ? t("Rename Topic") : t("Add Topic to {{name}}", { name: subject?.name ?? "" })}
      form={form}
      submitLabel={topic ? t("Save Topic") : t("Add Topic")}
      onSubmit={async (input) => {
        if (!subject) return;
        try {
          await save.mutateAsync({ id: topic?.id, subjectId: subject.id, input });
          notify.success(t("Success"), topic ? t("Topic renamed.") : t("Topic created."));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving topic"), errorMessage(error));
        }
      }}
    >
      <TextField name="name" label={t("Topic name")} />
    </FormDialog>
  );
}

/** Merge a topic into another (of any subject): its questions move, then it is deleted. */
export function MergeTopicDialog(props: DialogProps & { target: TopicTarget | null }) {
  const { t } = useTranslation();
  const merge = useMergeTopic();
  // Every subject's topics (the page holds one page of subjects), by name.
  const subjects = useSubjectOptions().data ?? [];
  const source = props.target?.topic ?? null;
  const form = useDialogForm<TopicMergeInput>({
    open: props.open,
    resolver: zodResolver(topicMergeSchema) as never,
    values: () => ({ targetTopicId: "" }),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('Merge Topic "{{name}}"', { name: source?.name ?? "" })}
      form={form}
      submitLabel={t("Merge Topic")}
      onSubmit={async ({ targetTopicId }) => {
        if (!source) return;
        try {
          const result = await merge.mutateAsync({ id: source.id, targetTopicId });
          notify.success(
            t("Success"),
            t("Topic merged: {{moved}} question(s) moved.", { moved: result.moved }),
          );
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error merging topic"), errorMessage(error));
        }
      }}
    >
      <p className="text-sm text-muted-foreground">
        {t(
          'Its {{questions}} question(s) move to the topic you choose (and to that topic\'s subject), then "{{name}}" is deleted. This cannot be undone.',
          { questions: source?.questionCount ?? 0, name: source?.name ?? "" },
        )}
      </p>
      <SelectField name="targetTopicId" label={t("Merge into")}>
        <option value="">{t("Select a topic")}</option>
        {subjects.map((s) => (
          <optgroup key={s.id} label={s.name}>
            {s.topics
              .filter((t) => t.id !== source?.id)
              .map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
          </optgroup>
        ))}
      </SelectField>
    </FormDialog>
  );
}
