import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
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
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { EXAM_KIND_LABELS } from "../../../../shared/exams.ts";
import { useAdminCategories } from "../api/categories.ts";
import { type AdminExam, useAdminExams, useDeleteExam } from "../api/exams.ts";
import { ExamDialog } from "../components/exam-dialog.tsx";
import { SearchBox } from "../components/search-box.tsx";
import { useDebounced } from "../components/use-debounced.ts";

export function ManageExamsPage() {
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim());
  const exams = useAdminExams(debounced);
  const categories = useAdminCategories();
  const remove = useDeleteExam();
  const [editing, setEditing] = useState<AdminExam | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminExam | null>(null);
  const loadError = exams.error ?? categories.error;

  useEffect(() => {
    if (loadError)
      notify.error("Error", `Failed to fetch exams or categories: ${loadError.message}`);
  }, [loadError]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success("Success", "Exam and all related data deleted successfully");
    } catch (error) {
      notify.error(
        "Error",
        `Failed to delete exam: ${error instanceof ApiError ? error.message : "unknown error"}`,
      );
    }
    setDeleting(null);
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6">
      <PageHeader
        title="Manage Exams"
        backTo="/admin/dashboard"
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              setIsDialogOpen(true);
            }}
            disabled={categories.isPending}
          >
            <Plus aria-hidden="true" /> Create New Exam
          </Button>
        }
      />
      <SearchBox
        id="exam-search"
        label="Search exams"
        placeholder="Search by title or category..."
        value={search}
        onChange={setSearch}
      />
      <QueryContent
        query={exams}
        loadingLabel="Loading exams..."
        errorTitle="Failed to load exams"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            title="No exams found."
            description={debounced ? "Try adjusting your search." : "Create your first exam."}
          />
        }
      >
        {(list) => (
          <Table stackOnPhones>
            <TableHeader>
              <TableRow>
                <TableHead>Title</TableHead>
                <TableHead>Category</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Questions</TableHead>
                <TableHead>Time</TableHead>
                <TableHead>Pass</TableHead>
                <TableHead>Created</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((exam) => (
                <TableRow key={exam.id}>
                  <TableCell label="Title" className="min-w-56 font-medium">
                    {exam.title}
                    {exam.description ? (
                      <p className="line-clamp-3 text-xs font-normal text-muted-foreground">
                        {exam.description}
                      </p>
                    ) : null}
                  </TableCell>
                  <TableCell label="Category">{exam.category?.name}</TableCell>
                  <TableCell label="Type">
                    <div className="flex flex-wrap gap-1">
                      <Badge variant="outline">{EXAM_KIND_LABELS[exam.kind]}</Badge>
                      {exam.year ? <Badge variant="outline">{exam.year}</Badge> : null}
                      {exam.isFree ? null : <Badge variant="warning">Premium</Badge>}
                    </div>
                  </TableCell>
                  <TableCell label="Questions">{exam.questionCount}</TableCell>
                  <TableCell label="Time">{Math.round(exam.timeLimitSeconds / 60)} min</TableCell>
                  <TableCell label="Pass">{exam.passingMarks}%</TableCell>
                  <TableCell label="Created" className="whitespace-nowrap">
                    {formatDate(exam.createdAt)}
                  </TableCell>
                  <TableCell label="Actions" className="text-right">
                    <RowActions
                      label={exam.title}
                      onEdit={() => {
                        setEditing(exam);
                        setIsDialogOpen(true);
                      }}
                      onDelete={() => setDeleting(exam)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryContent>
      <ExamDialog
        open={isDialogOpen}
        onOpenChange={setIsDialogOpen}
        exam={editing}
        categories={categories.data ?? []}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Exam"
        description={`Are you sure you want to delete "${deleting?.title ?? ""}"? This will also delete all its questions, student attempts and answers. This action cannot be undone.`}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
