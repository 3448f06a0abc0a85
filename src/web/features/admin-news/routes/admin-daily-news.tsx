import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate, formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { useDeleteNewsEntry } from "../api/delete-news-entry.ts";
import { newsEntriesQueryOptions } from "../api/list-news-entries.ts";
import { NewsFormDialog } from "../components/news-form-dialog.tsx";

export function AdminDailyNewsPage() {
  const { t } = useTranslation();
  const remove = useDeleteNewsEntry();
  return (
    <ResourceList
      title={t("Manage Daily News")}
      description={t("Write and edit the daily news analysis.")}
      create={{ label: t("Add New Entry") }}
      query={newsEntriesQueryOptions}
      loadingLabel={t("Loading news entries...")}
      errorTitle={t("Error Fetching News Entries")}
      empty={{ title: t("No news entries found.") }}
      columns={[
        { header: t("Title"), className: "min-w-48 font-medium", cell: (item) => item.title },
        {
          header: t("Published Date"),
          className: "whitespace-nowrap",
          cell: (item) => formatDate(`${item.publishedDate}T00:00:00`),
        },
        {
          header: t("Last Updated"),
          className: "whitespace-nowrap",
          cell: (item) => formatDateTime(item.updatedAt),
        },
      ]}
      rowLabel={(item) => `"${item.title}"`}
      form={(form) => (
        <NewsFormDialog
          open={form.open}
          entryId={form.row?.id ?? null}
          onOpenChange={form.onOpenChange}
        />
      )}
      remove={{
        title: t("Confirm Deletion"),
        description: (item) =>
          t(
            'Are you sure you want to delete the news entry: "{{title}}"? This action cannot be undone.',
            { title: item.title },
          ),
        run: async (item) => {
          try {
            await remove.mutateAsync(item.id);
            notify.success(
              t("News Entry Deleted"),
              t('"{{title}}" has been deleted.', { title: item.title }),
            );
          } catch (error) {
            notify.error(t("Error Deleting Entry"), errorMessage(error));
            return false;
          }
        },
      }}
    />
  );
}
