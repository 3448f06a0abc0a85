import { AnalysisLink } from "@web/components/analysis-link.tsx";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { RowActions } from "@web/components/ui/row-actions.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { EXAM_KIND_LABELS } from "../../../../shared/exams.ts";
import { useCategoryOptions } from "../api/categories.ts";
import { adminExamsQueryOptions, useDeleteExam } from "../api/exams.ts";
import { ExamDialog } from "../components/exam-dialog.tsx";

export function ManageExamsPage() {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  const remove = useDeleteExam();
  return (
    <ResourceList
      title={t("Manage Exams")}
      create={{ label: t("Create New Exam"), disabled: categories.isPending }}
      search={{
        id: "exam-search",
        label: t("Search exams"),
        placeholder: t("Search by title or category..."),
      }}
      query={adminExamsQueryOptions}
      loadingLabel={t("Loading exams...")}
      errorTitle={t("Failed to load exams")}
      empty={{ title: t("No exams found."), description: t("Create your first exam.") }}
      columns={[
        {
          header: t("Title"),
          className: "min-w-56 font-medium",
          cell: (exam) => (
            <>
              {exam.title}
              {exam.description ? (
                <p className="line-clamp-3 text-xs font-normal text-muted-foreground">
                  {exam.description}
                </p>
              ) : null}
            </>
          ),
        },
        { header: t("Category"), cell: (exam) => exam.category?.name },
        {
          header: t("Type"),
          cell: (exam) => (
            <div className="flex flex-wrap gap-1">
              <Badge variant="outline">{t(EXAM_KIND_LABELS[exam.kind])}</Badge>
              {exam.year ? <Badge variant="outline">{exam.year}</Badge> : null}
              {exam.isFree ? null : <Badge variant="warning">{t("Premium")}</Badge>}
            </div>
          ),
        },
        { header: t("Questions"), cell: (exam) => exam.questionCount },
        {
          header: t("Time"),
          cell: (exam) => t("{{minutes}} min", { minutes: Math.round(exam.timeLimitSeconds / 60) }),
        },
        { header: t("Pass"), cell: (exam) => `${exam.passingMarks}%` },
        {
          header: t("Created"),
          className: "whitespace-nowrap",
          cell: (exam) => formatDate(exam.createdAt),
        },
      ]}
      rowLabel={(exam) => exam.title}
      rowActions={(exam, row) => (
        <span className="inline-flex whitespace-nowrap">
          <AnalysisLink kind="exam" id={exam.id} label={exam.title} />
          <RowActions
            label={exam.title}
            onEdit={() => row.edit(exam)}
            onDelete={() => row.remove(exam)}
          />
        </span>
      )}
      form={(form) => (
        <ExamDialog
          open={form.open}
          onOpenChange={form.onOpenChange}
          exam={form.row}
          categories={categories.data ?? []}
        />
      )}
      remove={{
        title: t("Delete Exam"),
        description: (exam) =>
          t(
            'Are you sure you want to delete "{{title}}"? This will also delete all its questions, student attempts and answers. This action cannot be undone.',
            { title: exam.title },
          ),
        run: async (exam) => {
          try {
            await remove.mutateAsync(exam.id);
            notify.success(t("Success"), t("Exam and all related data deleted successfully"));
          } catch (error) {
            notify.error(
              t("Error"),
              t("Failed to delete exam: {{message}}", {
                message: errorMessage(error, "unknown error"),
              }),
            );
          }
        },
      }}
    />
  );
}
