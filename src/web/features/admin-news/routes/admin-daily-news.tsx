import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { formatDate, formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useDeleteNewsEntry } from "../api/delete-news-entry.ts";
import { type NewsEntrySummary, useNewsEntries } from "../api/list-news-entries.ts";
import { NewsFormDialog } from "../components/news-form-dialog.tsx";

export function AdminDailyNewsPage() {
  const [page, setPage] = useState(1);
  const entries = useNewsEntries(page);
  const remove = useDeleteNewsEntry();
  const [form, setForm] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  const [toDelete, setToDelete] = useState<NewsEntrySummary | null>(null);

  useEffect(() => {
    if (entries.isError) notify.error("Error Fetching News Entries", entries.error.message);
  }, [entries.isError, entries.error]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success("News Entry Deleted", `"${toDelete.title}" has been deleted.`);
      setToDelete(null);
    } catch (error) {
      notify.error("Error Deleting Entry", error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6">
      <PageHeader
        title="Manage Daily News"
        description="Write and edit the daily news analysis."
        backTo="/admin/dashboard"
        actions={
          <Button onClick={() => setForm({ open: true, id: null })}>
            <Plus aria-hidden="true" /> Add New Entry
          </Button>
        }
      />
      {entries.isPending ? (
        <LoadingState label="Loading news entries..." />
      ) : entries.isError ? (
        <ErrorState
          title="Error Fetching News Entries"
          message={entries.error.message}
          onRetry={() => void entries.refetch()}
        />
      ) : entries.data.items.length === 0 ? (
        <EmptyState title="No news entries found." />
      ) : (
        <>
          <Table stackOnPhones>
            <TableHeader>
              <TableRow>
                <TableHead>Title</TableHead>
                <TableHead>Published Date</TableHead>
                <TableHead>Last Updated</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.data.items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell label="Title" className="min-w-48 font-medium">
                    {item.title}
                  </TableCell>
                  <TableCell label="Published Date" className="whitespace-nowrap">
                    {formatDate(`${item.publishedDate}T00:00:00`)}
                  </TableCell>
                  <TableCell label="Last Updated" className="whitespace-nowrap">
                    {formatDateTime(item.updatedAt)}
                  </TableCell>
                  <TableCell label="Actions" className="whitespace-nowrap text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit "${item.title}"`}
                      onClick={() => setForm({ open: true, id: item.id })}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive"
                      aria-label={`Delete "${item.title}"`}
                      onClick={() => setToDelete(item)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={entries.data.page}
            pageSize={entries.data.pageSize}
            total={entries.data.total}
            onPageChange={setPage}
          />
        </>
      )}
      <NewsFormDialog
        open={form.open}
        entryId={form.id}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Confirm Deletion"
        description={`Are you sure you want to delete the news entry: "${toDelete?.title ?? ""}"? This action cannot be undone.`}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
