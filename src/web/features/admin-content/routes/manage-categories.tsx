import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { adminCategoriesQueryOptions, useDeleteCategory } from "../api/categories.ts";
import { CategoryDialog } from "../components/category-dialog.tsx";

export function ManageCategoriesPage() {
  const remove = useDeleteCategory();
  return (
    <ResourceList
      title="Manage Exam Categories"
      create={{ label: "Add Category" }}
      search={{
        id: "category-search",
        label: "Search categories",
        placeholder: "Search by name or description...",
      }}
      query={adminCategoriesQueryOptions}
      loadingLabel="Loading categories..."
      errorTitle="Error fetching categories"
      empty={{ title: "No categories found.", description: "Add your first exam category." }}
      columns={[
        { header: "Name", cell: (c) => c.name, className: "font-medium" },
        {
          header: "Description",
          cell: (c) => c.description ?? "—",
          className: "max-w-md text-muted-foreground",
        },
        { header: "Exams", cell: (c) => c.examCount },
      ]}
      rowLabel={(c) => c.name}
      form={(form) => (
        <CategoryDialog open={form.open} onOpenChange={form.onOpenChange} category={form.row} />
      )}
      remove={{
        title: "Delete Category",
        description: (c) =>
          `Are you sure you want to delete the category "${c.name}"? This action cannot be undone.`,
        run: async (c) => {
          if (c.examCount > 0) {
            notify.error(
              "Cannot Delete Category",
              `This category is linked to ${c.examCount} exam(s). Please reassign or delete them first.`,
            );
            return;
          }
          try {
            await remove.mutateAsync(c.id);
            notify.success("Success", "Category deleted successfully.");
          } catch (error) {
            const blocked = error instanceof ApiError && error.status === 409;
            notify.error(
              blocked ? "Cannot Delete Category" : "Error deleting category",
              errorMessage(error),
            );
          }
        },
      }}
    />
  );
}
