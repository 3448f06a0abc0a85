import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { adminCategoriesQueryOptions, useDeleteCategory } from "../api/categories.ts";
import { CategoryDialog } from "../components/category-dialog.tsx";

export function ManageCategoriesPage() {
  const { t } = useTranslation();
  const remove = useDeleteCategory();
  return (
    <ResourceList
      title={t("Manage Exam Categories")}
      create={{ label: t("Add Category") }}
      search={{
        id: "category-search",
        label: t("Search categories"),
        placeholder: t("Search by name or description..."),
      }}
      query={adminCategoriesQueryOptions}
      loadingLabel={t("Loading categories...")}
      errorTitle={t("Error fetching categories")}
      empty={{ title: t("No categories found."), description: t("Add your first exam category.") }}
      columns={[
        { header: t("Name"), cell: (c) => c.name, className: "font-medium" },
        {
          header: t("Description"),
          cell: (c) => c.description ?? "—",
          className: "max-w-md text-muted-foreground",
        },
        { header: t("Exams"), cell: (c) => c.examCount },
      ]}
      rowLabel={(c) => c.name}
      form={(form) => (
        <CategoryDialog open={form.open} onOpenChange={form.onOpenChange} category={form.row} />
      )}
      remove={{
        title: t("Delete Category"),
        description: (c) =>
          t(
            'Are you sure you want to delete the category "{{name}}"? This action cannot be undone.',
            { name: c.name },
          ),
        run: async (c) => {
          if (c.examCount > 0) {
            notify.error(
              t("Cannot Delete Category"),
              t(
                "This category is linked to {{examCount}} exam(s). Please reassign or delete them first.",
                { examCount: c.examCount },
              ),
            );
            return;
          }
          try {
            await remove.mutateAsync(c.id);
            notify.success(t("Success"), t("Category deleted successfully."));
          } catch (error) {
            const blocked = error instanceof ApiError && error.status === 409;
            notify.error(
              blocked ? t("Cannot Delete Category") : t("Error deleting category"),
              errorMessage(error),
            );
          }
        },
      }}
    />
  );
}
