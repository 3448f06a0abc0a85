import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { IconActions } from "@web/components/ui/row-actions.tsx";
import { useDisclosure } from "@web/hooks/use-disclosure.ts";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { GitMerge, Pencil, Plus, Trash2 } from "lucide-react";
import { TAXONOMY_MESSAGES } from "../../../../shared/taxonomy.ts";
import {
  type AdminSubject,
  adminSubjectsQueryOptions,
  useDeleteSubject,
  useDeleteTopic,
} from "../api/subjects.ts";
import {
  MergeTopicDialog,
  SubjectDialog,
  TopicDialog,
  type TopicTarget,
} from "../components/subject-dialogs.tsx";

const questionsLabel = (n: number) => `${n} question${n === 1 ? "" : "s"}`;

function SubjectCard(props: {
  subject: AdminSubject;
  onRename: () => void;
  onDelete: () => void;
  onTopic: (action: "add" | "rename" | "merge" | "delete", target: TopicTarget) => void;
}) {
  const s = props.subject;
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-lg font-semibold">{s.name}</h2>
        <Badge variant="secondary">{questionsLabel(s.questionCount)}</Badge>
        <IconActions
          actions={[
            {
              label: `Add a topic to ${s.name}`,
              icon: Plus,
              onClick: () => props.onTopic("add", { subject: s, topic: null }),
            },
            { label: `Rename ${s.name}`, icon: Pencil, onClick: props.onRename },
            { label: `Delete ${s.name}`, icon: Trash2, onClick: props.onDelete, destructive: true },
          ]}
        />
      </div>
      {s.topics.length === 0 ? (
        <p className="text-sm text-muted-foreground">No topics yet.</p>
      ) : (
        <ul className="grid gap-1" aria-label={`Topics of ${s.name}`}>
          {s.topics.map((topic) => (
            <li
              key={topic.id}
              className="flex flex-wrap items-center gap-2 rounded-md px-2 py-1 hover:bg-muted"
            >
              <span className="flex-1">{topic.name}</span>
              <span className="text-sm text-muted-foreground">
                {questionsLabel(topic.questionCount)}
              </span>
              <IconActions
                actions={[
                  {
                    label: `Rename topic ${topic.name}`,
                    icon: Pencil,
                    onClick: () => props.onTopic("rename", { subject: s, topic }),
                  },
                  {
                    label: `Merge topic ${topic.name}`,
                    icon: GitMerge,
                    onClick: () => props.onTopic("merge", { subject: s, topic }),
                  },
                  {
                    label: `Delete topic ${topic.name}`,
                    icon: Trash2,
                    onClick: () => props.onTopic("delete", { subject: s, topic }),
                    destructive: true,
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A refused delete (in use) gets its own title, as categories' do. */
function deleteFailed(kind: "Subject" | "Topic", error: unknown) {
  const blocked = error instanceof ApiError && error.status === 409;
  notify.error(
    blocked ? `Cannot Delete ${kind}` : `Error deleting ${kind.toLowerCase()}`,
    errorMessage(error),
  );
}

export function ManageSubjectsPage() {
  const removeSubject = useDeleteSubject();
  const removeTopic = useDeleteTopic();
  const topicForm = useDisclosure<TopicTarget>();
  const merging = useDisclosure<TopicTarget>();
  const deletingTopic = useDisclosure<TopicTarget>();

  const onTopic = (action: "add" | "rename" | "merge" | "delete", target: TopicTarget) => {
    if (action === "add" || action === "rename") topicForm.open(target);
    else if (action === "merge") merging.open(target);
    else deletingTopic.open(target);
  };

  const confirmTopicDelete = async () => {
    const topic = deletingTopic.subject?.topic;
    if (!topic) return;
    if (topic.questionCount > 0) {
      notify.error("Cannot Delete Topic", TAXONOMY_MESSAGES.topicInUse(topic.questionCount));
      deletingTopic.close();
      return;
    }
    try {
      await removeTopic.mutateAsync(topic.id);
      notify.success("Success", "Topic deleted successfully.");
    } catch (error) {
      deleteFailed("Topic", error);
    }
    deletingTopic.close();
  };

  return (
    <ResourceList
      title="Subjects and Topics"
      description="Questions are tagged with a subject and a topic of that subject."
      create={{ label: "Add Subject" }}
      search={{
        id: "subject-search",
        label: "Search subjects",
        placeholder: "Search by subject or topic...",
      }}
      query={adminSubjectsQueryOptions}
      loadingLabel="Loading subjects..."
      errorTitle="Error fetching subjects"
      empty={{
        title: "No subjects yet.",
        description: "Add the first subject, then its topics.",
        filtered: "No subject or topic matches your search.",
      }}
      renderRows={(rows, row) => (
        <ul className="grid gap-3">
          {rows.map((s) => (
            <SubjectCard
              key={s.id}
              subject={s}
              onRename={() => row.edit(s)}
              onDelete={() => row.remove(s)}
              onTopic={onTopic}
            />
          ))}
        </ul>
      )}
      form={(form) => (
        <SubjectDialog open={form.open} onOpenChange={form.onOpenChange} subject={form.row} />
      )}
      remove={{
        title: "Delete Subject",
        description: (s) =>
          s.topics.length > 0
            ? `Are you sure you want to delete the subject "${s.name}" and its ${s.topics.length} topic(s)? This action cannot be undone.`
            : `Are you sure you want to delete the subject "${s.name}"? This action cannot be undone.`,
        run: async (s) => {
          if (s.questionCount > 0) {
            notify.error("Cannot Delete Subject", TAXONOMY_MESSAGES.subjectInUse(s.questionCount));
            return;
          }
          try {
            await removeSubject.mutateAsync(s.id);
            notify.success("Success", "Subject deleted successfully.");
          } catch (error) {
            deleteFailed("Subject", error);
          }
        },
      }}
    >
      <TopicDialog
        open={topicForm.isOpen}
        onOpenChange={topicForm.onOpenChange}
        target={topicForm.subject}
      />
      <MergeTopicDialog
        open={merging.isOpen}
        onOpenChange={merging.onOpenChange}
        target={merging.subject}
      />
      <ConfirmDialog
        open={deletingTopic.isOpen}
        onOpenChange={(open) => !open && deletingTopic.close()}
        title="Delete Topic"
        description={`Are you sure you want to delete the topic "${deletingTopic.subject?.topic?.name ?? ""}"? This action cannot be undone.`}
        isPending={removeTopic.isPending}
        onConfirm={() => void confirmTopicDelete()}
      />
    </ResourceList>
  );
}
