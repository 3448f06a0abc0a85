import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate, formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useDeleteNewsEntry } from "../api/delete-news-entry.ts";
import { newsEntriesQueryOptions } from "../api/list-news-entries.ts";
import { NewsFormDialog } from "../components/news-form-dialog.tsx";

export function AdminDailyNewsPage() {
  const remove = useDeleteNewsEntry();
  return (
    <ResourceList
      title="Manage Daily News"
      description="Write and edit the daily news analysis."
      create={{ label: "Add New Entry" }}
      query={newsEntriesQueryOptions}
      loadingLabel="Loading news entries..."
      errorTitle="Error Fetching News Entries"
      empty={{ title: "No news entries found." }}
      columns={[
        { header: "Title", className: "min-w-48 font-medium", cell: (item) => item.title },
        {
          header: "Published Date",
          className: "whitespace-nowrap",
          cell: (item) => formatDate(`${item.publishedDate}T00:00:00`),
        },
        {
          header: "Last Updated",
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
        title: "Confirm Deletion",
        description: (item) =>
          `Are you sure you want to delete the news entry: "${item.title}"? This action cannot be undone.`,
        run: async (item) => {
          try {
            await remove.mutateAsync(item.id);
            notify.success("News Entry Deleted", `"${item.title}" has been deleted.`);
          } catch (error) {
            notify.error("Error Deleting Entry", errorMessage(error));
            return false;
          }
        },
      }}
    />
  );
}
