import { zodResolver } from "@hookform/resolvers/zod";
import { SelectField, TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
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
      title={s ? "Rename Subject" : "Add Subject"}
      form={form}
      submitLabel={s ? "Save Subject" : "Add Subject"}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: s?.id, input });
          notify.success("Success", s ? "Subject renamed." : "Subject created.");
          props.onOpenChange(false);
        } catch (error) {
          notify.error("Error saving subject", errorMessage(error));
        }
      }}
    >
      <TextField name="name" label="Subject name" />
    </FormDialog>
  );
}

/** What the topic dialog works on: a new topic of `subject`, or `topic` to rename. */
export type TopicTarget = { subject: AdminSubject; topic: AdminTopic | null };

export function TopicDialog(props: DialogProps & { target: TopicTarget | null }) {
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
      title={topic ? "Rename Topic" : `Add Topic to ${subject?.name ?? ""}`}
      form={form}
      submitLabel={topic ? "Save Topic" : "Add Topic"}
      onSubmit={async (input) => {
        if (!subject) return;
        try {
          await save.mutateAsync({ id: topic?.id, subjectId: subject.id, input });
          notify.success("Success", topic ? "Topic renamed." : "Topic created.");
          props.onOpenChange(false);
        } catch (error) {
          notify.error("Error saving topic", errorMessage(error));
        }
      }}
    >
      <TextField name="name" label="Topic name" />
    </FormDialog>
  );
}

/** Merge a topic into another (of any subject): its questions move, then it is deleted. */
export function MergeTopicDialog(props: DialogProps & { target: TopicTarget | null }) {
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
      title={`Merge Topic "${source?.name ?? ""}"`}
      form={form}
      submitLabel="Merge Topic"
      onSubmit={async ({ targetTopicId }) => {
        if (!source) return;
        try {
          const result = await merge.mutateAsync({ id: source.id, targetTopicId });
          notify.success("Success", `Topic merged: ${result.moved} question(s) moved.`);
          props.onOpenChange(false);
        } catch (error) {
          notify.error("Error merging topic", errorMessage(error));
        }
      }}
    >
      <p className="text-sm text-muted-foreground">
        Its {source?.questionCount ?? 0} question(s) move to the topic you choose (and to that
        topic's subject), then "{source?.name}" is deleted. This cannot be undone.
      </p>
      <SelectField name="targetTopicId" label="Merge into">
        <option value="">Select a topic</option>
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
