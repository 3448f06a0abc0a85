// The languages line names Hindi in Devanagari: its font, fetched only when that text shows.
import "@web/lib/devanagari-font.ts";
import { AnalysisLink } from "@web/components/analysis-link.tsx";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { RowActions } from "@web/components/ui/row-actions.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { FileQuestion } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { languagesLabel } from "../../../../shared/quiz-constants.ts";
import { adminQuizzesQueryOptions, useDeleteQuiz } from "../api/quizzes.ts";
import { QuizDialog } from "../components/quiz-dialog.tsx";

/** /admin/quizzes: search, newest first, paginated on the server; questions open filtered. */
export function ManageQuizzesPage() {
  const { t } = useTranslation();
  const remove = useDeleteQuiz();
  return (
    <ResourceList
      title={t("Manage Quizzes")}
      create={{ label: t("Create New Quiz") }}
      search={{
        id: "quiz-search",
        label: t("Search quizzes"),
        placeholder: t("Search quizzes by title..."),
      }}
      query={adminQuizzesQueryOptions}
      loadingLabel={t("Loading quizzes...")}
      errorTitle={t("Failed to load quizzes.")}
      empty={{ title: t("No quizzes found."), description: t("Create your first quiz.") }}
      columns={[
        {
          header: t("Title"),
          className: "min-w-56 font-medium",
          cell: (quiz) => (
            <>
              {quiz.title}
              <div className="flex flex-wrap gap-1 pt-1">
                {quiz.isFree ? (
                  <Badge variant="secondary">{t("Free")}</Badge>
                ) : (
                  <Badge variant="warning">{t("Premium")}</Badge>
                )}
                {quiz.pdfUrl ? <Badge variant="outline">{t("PDF")}</Badge> : null}
              </div>
            </>
          ),
        },
        {
          header: t("Published"),
          className: "whitespace-nowrap",
          cell: (quiz) => formatDate(quiz.publishedOn),
        },
        {
          header: t("Questions"),
          cell: (quiz) => (
            <Link
              to={`/admin/questions?quizId=${quiz.id}`}
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              <FileQuestion className="size-4" aria-hidden="true" />
              <span aria-hidden="true">{quiz.numQuestions}</span>
              <span className="sr-only">
                {t("{{number}} questions of {{title}}", {
                  number: quiz.numQuestions,
                  title: quiz.title,
                })}
              </span>
            </Link>
          ),
        },
        {
          header: t("Details"),
          className: "text-sm",
          cell: (quiz) => (
            <>
              {t("{{minutes}} min", { minutes: quiz.durationMinutes })} ·{" "}
              {t("{{marks}} marks", { marks: quiz.totalMarks ?? 100 })} · {t(quiz.difficulty)}
              <p className="text-xs text-muted-foreground">{languagesLabel(quiz.languages)}</p>
            </>
          ),
        },
        { header: t("Attempts"), cell: (quiz) => quiz.attemptCount },
      ]}
      rowLabel={(quiz) => quiz.title}
      rowActions={(quiz, row) => (
        <span className="inline-flex whitespace-nowrap">
          <AnalysisLink kind="quiz" id={quiz.id} label={quiz.title} />
          <RowActions
            label={quiz.title}
            onEdit={() => row.edit(quiz)}
            onDelete={() => row.remove(quiz)}
          />
        </span>
      )}
      form={(form) => (
        <QuizDialog open={form.open} onOpenChange={form.onOpenChange} quiz={form.row} />
      )}
      remove={{
        title: t("Delete Quiz"),
        description: (quiz) =>
          t(
            'Are you sure you want to delete "{{title}}"? Its {{questions}} question(s), {{attempts}} and bookmarks will be deleted too. This action cannot be undone.',
            {
              title: quiz.title,
              questions: quiz.numQuestions,
              attempts: t("{{count}} student attempts", { count: quiz.attemptCount }),
            },
          ),
        run: async (quiz) => {
          try {
            const result = await remove.mutateAsync(quiz.id);
            notify.success(
              t("Success"),
              t("Quiz deleted with {{deletedAttempts}} attempt(s) and all its questions.", {
                deletedAttempts: result.deletedAttempts,
              }),
            );
          } catch (error) {
            notify.error(t("Error deleting quiz"), errorMessage(error));
          }
        },
      }}
    />
  );
}
