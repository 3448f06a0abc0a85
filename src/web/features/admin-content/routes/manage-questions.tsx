import "@web/lib/devanagari-font.ts";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { RowActions } from "@web/components/ui/row-actions.tsx";
import { ErrorState, LoadingState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { notify } from "@web/lib/toast.ts";
import { Plus, Upload } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { OPTION_KEYS } from "../../../../shared/constants.ts";
import { useExamOptions } from "../api/exams.ts";
import { type AdminQuestion, useAdminQuestions, useDeleteQuestion } from "../api/questions.ts";
import { useQuizOptions } from "../api/quizzes.ts";
import { CsvUploadDialog } from "../components/csv-upload-dialog.tsx";
import { QuestionDialog } from "../components/question-dialog.tsx";
import { SearchBox } from "../components/search-box.tsx";
import { parseTarget, TargetSelect } from "../components/target-select.tsx";
import { useDebounced } from "../components/use-debounced.ts";

const PAGE_SIZE = 20;

function QuestionCard(props: {
  question: AdminQuestion;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const q = props.question;
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex items-start gap-2">
        <p className="flex-1 font-medium">{q.questionText}</p>
        <RowActions label="question" onEdit={props.onEdit} onDelete={props.onDelete} />
      </div>
      <div className="flex flex-wrap gap-2 text-xs">
        <Badge variant="secondary">{q.quiz ? `Quiz: ${q.quiz.title}` : q.exam?.title}</Badge>
        {q.translations.hi ? (
          <Badge variant="outline" lang="hi" title="Has a Hindi version">
            हिन्दी
          </Badge>
        ) : null}
        <Badge variant="success">Correct: {q.correctAnswer}</Badge>
      </div>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {OPTION_KEYS.map((key) => (
          <li
            key={key}
            className={key === q.correctAnswer ? "font-semibold text-success" : undefined}
          >
            {key}. {q.options[key]}
          </li>
        ))}
      </ul>
      {q.explanation ? (
        <p className="rounded-md bg-muted p-2 text-sm">Explanation: {q.explanation}</p>
      ) : null}
    </li>
  );
}

export function ManageQuestionsPage() {
  const [search, setSearch] = useState("");
  // ?quizId=… (from the quiz screen) or ?examId=… opens the list filtered to that one.
  const [params] = useSearchParams();
  const [target, setTarget] = useState(() => {
    const quizId = params.get("quizId");
    const examId = params.get("examId");
    return quizId ? `quiz:${quizId}` : examId ? `exam:${examId}` : "";
  });
  const { examId, quizId } = parseTarget(target);
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const exams = useExamOptions();
  const quizOptions = useQuizOptions();
  const questions = useAdminQuestions({
    search: debounced || undefined,
    examId: examId ?? undefined,
    quizId: quizId ?? undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<AdminQuestion | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const examList = exams.data ?? [];
  const quizList = quizOptions.data ?? [];
  const cannotAdd =
    exams.isPending || quizOptions.isPending || (examList.length === 0 && quizList.length === 0);
  const hasFilters = Boolean(debounced || target);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success("Success", "Question and related answers deleted successfully.");
    } catch (error) {
      notify.error(
        "Error deleting question",
        error instanceof ApiError ? error.message : undefined,
      );
    }
    setDeleting(null);
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6">
      <PageHeader
        title="Manage Questions"
        backTo="/admin/dashboard"
        actions={
          <>
            <Button variant="outline" onClick={() => setIsUploadOpen(true)} disabled={cannotAdd}>
              <Upload aria-hidden="true" /> Bulk Upload
            </Button>
            <Button
              onClick={() => {
                setEditing(null);
                setIsDialogOpen(true);
              }}
              disabled={cannotAdd}
            >
              <Plus aria-hidden="true" /> Add Question
            </Button>
          </>
        }
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_18rem]">
        <SearchBox
          id="question-search"
          label="Search questions"
          placeholder="Search questions or exam titles..."
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <div>
          <Label htmlFor="question-exam-filter" className="sr-only">
            Filter by exam or quiz
          </Label>
          <TargetSelect
            id="question-exam-filter"
            exams={examList}
            quizzes={quizList}
            emptyLabel="All Exams"
            value={target}
            onChange={(e) => {
              setTarget(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      {examList.length === 0 && quizList.length === 0 && !exams.isPending ? (
        <p role="alert" className="rounded-md bg-amber-100 p-3 text-sm text-amber-900">
          No exams found. Please create at least one exam before adding questions.
        </p>
      ) : null}
      {questions.isPending ? (
        <LoadingState label="Loading questions..." />
      ) : questions.isError ? (
        <ErrorState
          title="Error fetching data"
          message={questions.error.message}
          onRetry={() => void questions.refetch()}
        />
      ) : questions.data.items.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-border bg-background p-8 text-center">
          <p className="text-lg font-semibold">No questions found.</p>
          {hasFilters ? (
            <p className="text-muted-foreground">Try adjusting your search or filter.</p>
          ) : (
            <Button
              onClick={() => {
                setEditing(null);
                setIsDialogOpen(true);
              }}
              disabled={cannotAdd}
            >
              Add Your First Question
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul className="grid gap-3" aria-busy={questions.isFetching}>
            {questions.data.items.map((q) => (
              <QuestionCard
                key={q.id}
                question={q}
                onEdit={() => {
                  setEditing(q);
                  setIsDialogOpen(true);
                }}
                onDelete={() => setDeleting(q)}
              />
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={questions.data.total}
            onPageChange={setPage}
          />
        </>
      )}
      <QuestionDialog
        open={isDialogOpen}
        onOpenChange={setIsDialogOpen}
        question={editing}
        exams={examList}
        quizzes={quizList}
        defaultTarget={target}
      />
      <CsvUploadDialog
        open={isUploadOpen}
        onOpenChange={setIsUploadOpen}
        exams={examList}
        quizzes={quizList}
        defaultTarget={target}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Confirm Deletion"
        description="Are you sure you want to delete this question? Students' answers to it will be deleted too. This action cannot be undone."
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
