import { PageHeader } from "@web/components/layout/page-header.tsx";
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
import { notify } from "@web/lib/toast.ts";
import { Plus } from "lucide-react";
import { useState } from "react";
import { type AdminCategory, useAdminCategories, useDeleteCategory } from "../api/categories.ts";
import { CategoryDialog } from "../components/category-dialog.tsx";
import { SearchBox } from "../components/search-box.tsx";
import { useDebounced } from "../components/use-debounced.ts";

export function ManageCategoriesPage() {
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim());
  const categories = useAdminCategories(debounced);
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    if (deleting.examCount > 0) {
      notify.error(
        "Cannot Delete Category",
        `This category is linked to ${deleting.examCount} exam(s). Please reassign or delete them first.`,
      );
      setDeleting(null);
      return;
    }
    try {
      await remove.mutateAsync(deleting.id);
      notify.success("Success", "Category deleted successfully.");
    } catch (error) {
      const blocked = error instanceof ApiError && error.status === 409;
      notify.error(
        blocked ? "Cannot Delete Category" : "Error deleting category",
        error instanceof Error ? error.message : undefined,
      );
    }
    setDeleting(null);
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6">
      <PageHeader
        title="Manage Exam Categories"
        backTo="/admin/dashboard"
        actions={
          <Button
            onClick={() => {
              setEditing(null);
              setIsDialogOpen(true);
            }}
          >
            <Plus aria-hidden="true" /> Add Category
          </Button>
        }
      />
      <SearchBox
        id="category-search"
        label="Search categories"
        placeholder="Search by name or description..."
        value={search}
        onChange={setSearch}
      />
      <QueryContent
        query={categories}
        loadingLabel="Loading categories..."
        errorTitle="Error fetching categories"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            title="No categories found."
            description={debounced ? "Try adjusting your search." : "Add your first exam category."}
          />
        }
      >
        {(list) => (
          <Table stackOnPhones>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Description</TableHead>
                <TableHead>Exams</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((c) => (
                <TableRow key={c.id}>
                  <TableCell label="Name" className="font-medium">
                    {c.name}
                  </TableCell>
                  <TableCell label="Description" className="max-w-md text-muted-foreground">
                    {c.description ?? "—"}
                  </TableCell>
                  <TableCell label="Exams">{c.examCount}</TableCell>
                  <TableCell label="Actions" className="text-right">
                    <RowActions
                      label={c.name}
                      onEdit={() => {
                        setEditing(c);
                        setIsDialogOpen(true);
                      }}
                      onDelete={() => setDeleting(c)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryContent>
      <CategoryDialog open={isDialogOpen} onOpenChange={setIsDialogOpen} category={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Category"
        description={`Are you sure you want to delete the category "${deleting?.name ?? ""}"? This action cannot be undone.`}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
