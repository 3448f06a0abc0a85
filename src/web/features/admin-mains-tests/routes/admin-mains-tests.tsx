import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { IconActions } from "@web/components/ui/row-actions.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { MAINS_PAPER_LABELS } from "../../../../shared/mains-papers.ts";
import { adminMainsTestsQueryOptions, useDeleteMainsTest } from "../api/admin-mains-tests.ts";
import { MainsTestDialog } from "../components/mains-test-dialog.tsx";
import { SeriesPanel } from "../components/series-panel.tsx";

/** /admin/mains-tests (decision 063): every Mains test, its paper's size and takers; the series. */
export function AdminMainsTestsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteMainsTest();
  return (
    <ResourceList
      title={t("Mains Tests")}
      description={t("Build full-length Mains tests from the Mains questions, in series.")}
      create={{ label: t("New Mains test") }}
      search={{
        id: "mains-test-search",
        label: t("Search Mains tests"),
        placeholder: t("Search by title..."),
      }}
      query={adminMainsTestsQueryOptions}
      loadingLabel={t("Loading Mains tests...")}
      errorTitle={t("Error loading Mains tests")}
      empty={{
        title: t("No Mains tests yet."),
        description: t("Create the first test, then choose its questions and publish it."),
      }}
      columns={[
        {
          header: t("Title"),
          className: "min-w-48 font-medium",
          cell: (row) => (
            <Link to={`/admin/mains-tests/${row.id}`} className="text-primary underline">
              {row.title}
            </Link>
          ),
        },
        { header: t("Paper"), cell: (row) => t(MAINS_PAPER_LABELS[row.paper]) },
        { header: t("Series"), cell: (row) => row.seriesTitle ?? "—" },
        {
          header: t("Window"),
          className: "whitespace-nowrap",
          cell: (row) => (
            <span className="grid text-sm">
              <span>{formatDateTime(row.opensAt)}</span>
              <span className="text-muted-foreground">{formatDateTime(row.closesAt)}</span>
            </span>
          ),
        },
        {
          header: t("Paper size"),
          cell: (row) =>
            t("{{marks}} marks · {{questions}} questions", {
              marks: row.totalMarks,
              questions: row.questionCount,
            }),
        },
        {
          header: t("Status"),
          cell: (row) =>
            row.published ? (
              <Badge variant="success">{t("Published")}</Badge>
            ) : (
              <Badge variant="outline">{t("Draft")}</Badge>
            ),
        },
        {
          header: t("Taken"),
          cell: (row) =>
            t("{{submitted}} submitted of {{started}} started", {
              submitted: row.submitted,
              started: row.started,
            }),
        },
      ]}
      rowActions={(row, handlers) => (
        <IconActions
          actions={[
            {
              label: t("Edit {{name}}", { name: row.title }),
              icon: Pencil,
              onClick: () => navigate(`/admin/mains-tests/${row.id}`),
            },
            {
              label: t("Delete {{name}}", { name: row.title }),
              icon: Trash2,
              onClick: () => handlers.remove(row),
              destructive: true,
            },
          ]}
        />
      )}
      form={(form) => <MainsTestDialog open={form.open} onOpenChange={form.onOpenChange} />}
      remove={{
        title: t("Delete Mains test"),
        description: (row) =>
          t('Delete "{{title}}"? Only a test no student has started can be deleted.', {
            title: row.title,
          }),
        run: async (row) => {
          try {
            await remove.mutateAsync(row.id);
            notify.success(t("Mains test deleted"));
          } catch (error) {
            notify.error(t("Error deleting the Mains test"), errorMessage(error));
            return false;
          }
        },
      }}
    >
      <SeriesPanel />
    </ResourceList>
  );
}
