import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { IconActions } from "@web/components/ui/row-actions.tsx";
import { useDisclosure } from "@web/hooks/use-disclosure.ts";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { i18n } from "@web/lib/i18n.ts";
import { notify } from "@web/lib/toast.ts";
import { GitMerge, Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import { TAXONOMY_COUNT_TEMPLATES } from "../../../../shared/taxonomy.ts";
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

function SubjectCard(props: {
  subject: AdminSubject;
  onRename: () => void;
  onDelete: () => void;
  onTopic: (action: "add" | "rename" | "merge" | "delete", target: TopicTarget) => void;
}) {
  const { t } = useTranslation();
  const s = props.subject;
  const questionsLabel = (count: number) => t("{{count}} questions", { count });
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-lg font-semibold">{s.name}</h2>
        <Badge variant="secondary">{questionsLabel(s.questionCount)}</Badge>
        <IconActions
          actions={[
            {
              label: t("Add a topic to {{name}}", { name: s.name }),
              icon: Plus,
              onClick: () => props.onTopic("add", { subject: s, topic: null }),
            },
            {
              label: t("Rename {{name}}", { name: s.name }),
              icon: Pencil,
              onClick: props.onRename,
            },
            {
              label: t("Delete {{name}}", { name: s.name }),
              icon: Trash2,
              onClick: props.onDelete,
              destructive: true,
            },
          ]}
        />
      </div>
      {s.topics.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("No topics yet.")}</p>
      ) : (
        <ul className="grid gap-1" aria-label={t("Topics of {{name}}", { name: s.name })}>
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
                    label: t("Rename topic {{name}}", { name: topic.name }),
                    icon: Pencil,
                    onClick: () => props.onTopic("rename", { subject: s, topic }),
                  },
                  {
                    label: t("Merge topic {{name}}", { name: topic.name }),
                    icon: GitMerge,
                    onClick: () => props.onTopic("merge", { subject: s, topic }),
                  },
                  {
                    label: t("Delete topic {{name}}", { name: topic.name }),
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
const DELETE_FAILED = {
  Subject: { blocked: msg("Cannot Delete Subject"), failed: msg("Error deleting subject") },
  Topic: { blocked: msg("Cannot Delete Topic"), failed: msg("Error deleting topic") },
} as const;

function deleteFailed(kind: keyof typeof DELETE_FAILED, error: unknown) {
  const blocked = error instanceof ApiError && error.status === 409;
  const title = DELETE_FAILED[kind];
  notify.error(i18n.t(blocked ? title.blocked : title.failed), errorMessage(error));
}

export function ManageSubjectsPage() {
  const { t } = useTranslation();
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
      notify.error(
        t("Cannot Delete Topic"),
        t(TAXONOMY_COUNT_TEMPLATES.topicInUse, { n: topic.questionCount }),
      );
      deletingTopic.close();
      return;
    }
    try {
      await removeTopic.mutateAsync(topic.id);
      notify.success(t("Success"), t("Topic deleted successfully."));
    } catch (error) {
      deleteFailed("Topic", error);
    }
    deletingTopic.close();
  };

  return (
    <ResourceList
      title={t("Subjects and Topics")}
      description={t("Questions are tagged with a subject and a topic of that subject.")}
      create={{ label: t("Add Subject") }}
      search={{
        id: "subject-search",
        label: t("Search subjects"),
        placeholder: t("Search by subject or topic..."),
      }}
      query={adminSubjectsQueryOptions}
      loadingLabel={t("Loading subjects...")}
      errorTitle={t("Error fetching subjects")}
      empty={{
        title: t("No subjects yet."),
        description: t("Add the first subject, then its topics."),
        filtered: t("No subject or topic matches your search."),
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
        title: t("Delete Subject"),
        description: (s) =>
          s.topics.length > 0
            ? t(
                'Are you sure you want to delete the subject "{{name}}" and its {{topics}} topic(s)? This action cannot be undone.',
                { name: s.name, topics: s.topics.length },
              )
            : t(
                'Are you sure you want to delete the subject "{{name}}"? This action cannot be undone.',
                { name: s.name },
              ),
        run: async (s) => {
          if (s.questionCount > 0) {
            notify.error(
              t("Cannot Delete Subject"),
              t(TAXONOMY_COUNT_TEMPLATES.subjectInUse, { n: s.questionCount }),
            );
            return;
          }
          try {
            await removeSubject.mutateAsync(s.id);
            notify.success(t("Success"), t("Subject deleted successfully."));
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
        title={t("Delete Topic")}
        description={t(
          'Are you sure you want to delete the topic "{{name}}"? This action cannot be undone.',
          { name: deletingTopic.subject?.topic?.name ?? "" },
        )}
        isPending={removeTopic.isPending}
        onConfirm={() => void confirmTopicDelete()}
      />
    </ResourceList>
  );
}
