import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { type IconAction, IconActions } from "@web/components/ui/row-actions.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { contentLang } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate } from "@web/lib/format.ts";
import { mainsQuestionsQueryOptions, useDeleteMainsQuestion } from "@web/lib/mains-questions.ts";
import { notify } from "@web/lib/toast.ts";
import { Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAINS_PAPER_LABELS, MAINS_PAPERS, type MainsPaper } from "../../../shared/evaluation.ts";
import { MainsQuestionDialog } from "./mains-question-dialog.tsx";

/** The first words of a question, for a row and the names of its buttons. */
export function shortText(text: string, max = 90) {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * The Mains questions screen (decision 042), one declaration for both its places: admins at
 * /admin/mains-questions, and mentors at /mentor/questions while admins allow it (they may add
 * and edit, not delete: `canDelete`).
 */
export function MainsQuestionList(props: {
  title: string;
  backTo: string;
  backLabel?: string;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteMainsQuestion();
  const [paper, setPaper] = useState<MainsPaper | "">("");
  const paperId = useId();
  return (
    <ResourceList
      title={props.title}
      description={t("Daily questions for answer writing, with the model answer.")}
      backTo={props.backTo}
      backLabel={props.backLabel}
      create={{ label: t("Add Mains question") }}
      search={{
        id: "mains-question-search",
        label: t("Search questions"),
        placeholder: t("Search questions..."),
      }}
      filters={
        <div className="grid gap-1.5">
          <label htmlFor={paperId} className="text-sm font-medium">
            {t("Paper")}
          </label>
          <Select
            id={paperId}
            value={paper}
            onChange={(event) => setPaper(event.target.value as MainsPaper | "")}
          >
            <option value="">{t("All papers")}</option>
            {MAINS_PAPERS.map((p) => (
              <option key={p} value={p}>
                {t(MAINS_PAPER_LABELS[p])}
              </option>
            ))}
          </Select>
        </div>
      }
      filterKey={paper || undefined}
      query={(filter) => mainsQuestionsQueryOptions({ ...filter, paper: paper || undefined })}
      loadingLabel={t("Loading questions...")}
      errorTitle={t("Error loading Mains questions")}
      empty={{
        title: t("No Mains questions yet."),
        description: t("Add the first question; students see it from its publish date."),
        action: (open) => (
          <button type="button" className="text-primary underline" onClick={open}>
            {t("Add Mains question")}
          </button>
        ),
      }}
      columns={[
        {
          header: t("Publish date"),
          className: "whitespace-nowrap",
          cell: (q) => formatDate(q.publishDate),
        },
        {
          header: t("Paper"),
          cell: (q) => <Badge variant="secondary">{t(MAINS_PAPER_LABELS[q.paper])}</Badge>,
        },
        {
          header: t("Question"),
          className: "min-w-56",
          cell: (q) => (
            <span lang={contentLang(q.questionText)} className="font-medium">
              {shortText(q.questionText)}
            </span>
          ),
        },
        {
          header: t("Subject"),
          cell: (q) =>
            q.subjectName ? (
              <span lang={contentLang(q.subjectName)}>
                {q.topicName ? `${q.subjectName} · ${q.topicName}` : q.subjectName}
              </span>
            ) : (
              "—"
            ),
        },
        { header: t("Marks"), cell: (q) => q.marks },
        {
          header: t("Word limit"),
          cell: (q) =>
            q.wordLimit === null ? t("No limit") : t("{{words}} words", { words: q.wordLimit }),
        },
      ]}
      rowActions={(q, handlers) => {
        const name = shortText(q.questionText, 40);
        const actions: IconAction[] = [
          { label: t("Edit {{name}}", { name }), icon: Pencil, onClick: () => handlers.edit(q) },
        ];
        if (props.canDelete) {
          actions.push({
            label: t("Delete {{name}}", { name }),
            icon: Trash2,
            onClick: () => handlers.remove(q),
            destructive: true,
          });
        }
        return <IconActions actions={actions} />;
      }}
      form={(form) => (
        <MainsQuestionDialog
          open={form.open}
          onOpenChange={form.onOpenChange}
          question={form.row}
        />
      )}
      remove={
        props.canDelete
          ? {
              title: t("Delete Mains question"),
              description: (q) =>
                t('Delete "{{question}}"? The answers students wrote to it are deleted with it.', {
                  question: shortText(q.questionText, 60),
                }),
              run: async (q) => {
                try {
                  await remove.mutateAsync(q.id);
                  notify.success(t("Mains question deleted"));
                } catch (error) {
                  notify.error(t("Error deleting the Mains question"), errorMessage(error));
                  return false;
                }
              },
            }
          : undefined
      }
    />
  );
}
