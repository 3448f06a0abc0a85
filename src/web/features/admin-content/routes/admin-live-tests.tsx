import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime, formatNumber } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { LivePhase } from "../../../../shared/live-tests.ts";
import { adminLiveTestsQueryOptions, useDeleteLiveTest } from "../api/live-tests.ts";
import { LiveTestDialog } from "../components/live-test-dialog.tsx";

const PHASE: Record<LivePhase, string> = {
  upcoming: msg("Upcoming"),
  entry: msg("Entry open"),
  running: msg("In progress"),
  closed: msg("Closed"),
  published: msg("Results published"),
};

/** /admin/live-tests (decision 047): exams scheduled as All-India live tests, with their counts. */
export function AdminLiveTestsPage() {
  const { t } = useTranslation();
  const remove = useDeleteLiveTest();
  return (
    <ResourceList
      title={t("Live Tests")}
      description={t("Schedule an exam as an All-India live test with a waiting room and ranks.")}
      create={{ label: t("Schedule live test") }}
      search={{
        id: "live-test-search",
        label: t("Search live tests"),
        placeholder: t("Search by exam title..."),
      }}
      query={(filter) => adminLiveTestsQueryOptions(filter)}
      loadingLabel={t("Loading live tests...")}
      errorTitle={t("Error loading live tests")}
      empty={{
        title: t("No live tests scheduled."),
        description: t("Schedule an exam; registered students wait for it at its address."),
        action: (open) => (
          <button type="button" className="text-primary underline" onClick={open}>
            {t("Schedule live test")}
          </button>
        ),
      }}
      columns={[
        {
          header: t("Opens"),
          className: "whitespace-nowrap",
          cell: (row) => formatDateTime(row.opensAt),
        },
        { header: t("Exam"), className: "min-w-48 font-medium", cell: (row) => row.title },
        {
          header: t("Status"),
          cell: (row) => (
            <Badge variant={row.phase === "published" ? "success" : "secondary"}>
              {t(PHASE[row.phase])}
            </Badge>
          ),
        },
        { header: t("Registered"), cell: (row) => formatNumber(row.registeredCount) },
        { header: t("Started"), cell: (row) => formatNumber(row.startedCount) },
        {
          header: t("Results"),
          className: "whitespace-nowrap",
          cell: (row) => formatDateTime(row.publishedAt ?? row.resultsAt ?? row.closesAt),
        },
      ]}
      rowLabel={(row) => row.title}
      form={(form) => (
        <LiveTestDialog open={form.open} onOpenChange={form.onOpenChange} liveTest={form.row} />
      )}
      remove={{
        title: t("Cancel live test"),
        description: (row) =>
          t('Cancel the live test of "{{title}}"? Its registrations are removed with it.', {
            title: row.title,
          }),
        run: async (row) => {
          try {
            await remove.mutateAsync(row.examId);
            notify.success(t("Live test cancelled"));
          } catch (error) {
            notify.error(t("Error cancelling the live test"), errorMessage(error));
            return false;
          }
        },
      }}
    />
  );
}
