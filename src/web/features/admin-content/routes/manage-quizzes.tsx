import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { RowActions } from "@web/components/ui/row-actions.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { ApiError } from "@web/lib/api.ts";
import { formatDate } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { FileQuestion, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { languagesLabel } from "../../../../shared/quiz-constants.ts";
import { type AdminQuiz, useAdminQuizzes, useDeleteQuiz } from "../api/quizzes.ts";
import { QuizDialog } from "../components/quiz-dialog.tsx";
import { SearchBox } from "../components/search-box.tsx";
import { useDebounced } from "../components/use-debounced.ts";

const PAGE_SIZE = 20;

function deleteWarning(quiz: AdminQuiz | null): string {
  if (!quiz) return "";
  const attempts = `${quiz.attemptCount} student attempt${quiz.attemptCount === 1 ? "" : "s"}`;
  return `Are you sure you want to delete "${quiz.title}"? Its ${quiz.numQuestions} question(s), ${attempts} and bookmarks will be deleted too. This action cannot be undone.`;
}

/** /admin/quizzes: search, newest first, paginated on the server; questions open filtered. */
export function ManageQuizzesPage() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const quizzes = useAdminQuizzes({ search: debounced || undefined, page, pageSize: PAGE_SIZE });
  const remove = useDeleteQuiz();
  const [editing, setEditing] = useState<AdminQuiz | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminQuiz | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const result = await remove.mutateAsync(deleting.id);
      notify.success(
        "Success",
        `Quiz deleted with ${result.deletedAttempts} attempt(s) and all its questions.`,
      );
    } catch (error) {
      notify.error("Error deleting quiz", error instanceof ApiError ? error.message : undefined);
    }
    setDeleting(null);
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6">
      <PageHeader
        title="Manage Quizzes"
        backTo="/admin/dashboard"
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              setIsDialogOpen(true);
            }}
          >
            <Plus aria-hidden="true" /> Create New Quiz
          </Button>
        }
      />
      <SearchBox
        id="quiz-search"
        label="Search quizzes"
        placeholder="Search quizzes by title..."
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
      />
      <QueryContent
        query={quizzes}
        loadingLabel="Loading quizzes..."
        errorTitle="Failed to load quizzes."
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title="No quizzes found."
            description={debounced ? "Try adjusting your search." : "Create your first quiz."}
          />
        }
      >
        {(data) => (
          <>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Title</TableHead>
                  <TableHead>Published</TableHead>
                  <TableHead>Questions</TableHead>
                  <TableHead>Details</TableHead>
                  <TableHead>Attempts</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.items.map((quiz) => (
                  <TableRow key={quiz.id}>
                    <TableCell className="min-w-56 font-medium">
                      {quiz.title}
                      <div className="flex flex-wrap gap-1 pt-1">
                        {quiz.isFree ? (
                          <Badge variant="secondary">Free</Badge>
                        ) : (
                          <Badge variant="warning">Premium</Badge>
                        )}
                        {quiz.pdfUrl ? <Badge variant="outline">PDF</Badge> : null}
                      </div>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDate(quiz.publishedOn)}
                    </TableCell>
                    <TableCell>
                      <Link
                        to={`/admin/questions?quizId=${quiz.id}`}
                        className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                      >
                        <FileQuestion className="size-4" aria-hidden="true" />
                        {quiz.numQuestions}
                        <span className="sr-only"> questions of {quiz.title}</span>
                      </Link>
                    </TableCell>
                    <TableCell className="text-sm">
                      {quiz.durationMinutes} min · {quiz.totalMarks ?? 100} marks ·{" "}
                      {quiz.difficulty}
                      <p className="text-xs text-muted-foreground">
                        {languagesLabel(quiz.languages)}
                      </p>
                    </TableCell>
                    <TableCell>{quiz.attemptCount}</TableCell>
                    <TableCell className="text-right">
                      <RowActions
                        label={quiz.title}
                        onEdit={() => {
                          setEditing(quiz);
                          setIsDialogOpen(true);
                        }}
                        onDelete={() => setDeleting(quiz)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryContent>
      <QuizDialog open={isDialogOpen} onOpenChange={setIsDialogOpen} quiz={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Quiz"
        description={deleteWarning(deleting)}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
