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
import { Link } from "react-router";
import { languagesLabel } from "../../../../shared/quiz-constants.ts";
import { adminQuizzesQueryOptions, useDeleteQuiz } from "../api/quizzes.ts";
import { QuizDialog } from "../components/quiz-dialog.tsx";

/** /admin/quizzes: search, newest first, paginated on the server; questions open filtered. */
export function ManageQuizzesPage() {
  const remove = useDeleteQuiz();
  return (
    <ResourceList
      title="Manage Quizzes"
      create={{ label: "Create New Quiz" }}
      search={{
        id: "quiz-search",
        label: "Search quizzes",
        placeholder: "Search quizzes by title...",
      }}
      query={adminQuizzesQueryOptions}
      loadingLabel="Loading quizzes..."
      errorTitle="Failed to load quizzes."
      empty={{ title: "No quizzes found.", description: "Create your first quiz." }}
      columns={[
        {
          header: "Title",
          className: "min-w-56 font-medium",
          cell: (quiz) => (
            <>
              {quiz.title}
              <div className="flex flex-wrap gap-1 pt-1">
                {quiz.isFree ? (
                  <Badge variant="secondary">Free</Badge>
                ) : (
                  <Badge variant="warning">Premium</Badge>
                )}
                {quiz.pdfUrl ? <Badge variant="outline">PDF</Badge> : null}
              </div>
            </>
          ),
        },
        {
          header: "Published",
          className: "whitespace-nowrap",
          cell: (quiz) => formatDate(quiz.publishedOn),
        },
        {
          header: "Questions",
          cell: (quiz) => (
            <Link
              to={`/admin/questions?quizId=${quiz.id}`}
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              <FileQuestion className="size-4" aria-hidden="true" />
              {quiz.numQuestions}
              <span className="sr-only"> questions of {quiz.title}</span>
            </Link>
          ),
        },
        {
          header: "Details",
          className: "text-sm",
          cell: (quiz) => (
            <>
              {quiz.durationMinutes} min · {quiz.totalMarks ?? 100} marks · {quiz.difficulty}
              <p className="text-xs text-muted-foreground">{languagesLabel(quiz.languages)}</p>
            </>
          ),
        },
        { header: "Attempts", cell: (quiz) => quiz.attemptCount },
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
        title: "Delete Quiz",
        description: (quiz) => {
          const attempts = `${quiz.attemptCount} student attempt${quiz.attemptCount === 1 ? "" : "s"}`;
          return `Are you sure you want to delete "${quiz.title}"? Its ${quiz.numQuestions} question(s), ${attempts} and bookmarks will be deleted too. This action cannot be undone.`;
        },
        run: async (quiz) => {
          try {
            const result = await remove.mutateAsync(quiz.id);
            notify.success(
              "Success",
              `Quiz deleted with ${result.deletedAttempts} attempt(s) and all its questions.`,
            );
          } catch (error) {
            notify.error("Error deleting quiz", errorMessage(error));
          }
        },
      }}
    />
  );
}
