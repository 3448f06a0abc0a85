import { AnalysisLink } from "@web/components/analysis-link.tsx";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ErrorState } from "@web/components/ui/states.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { adminResultsQueryOptions } from "../api/results.ts";
import { AttemptDetailsDialog } from "../components/attempt-details-dialog.tsx";
import { ResultStatusBadge } from "../components/result-status.tsx";

export function StudentResultsPage() {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <ResourceList
      title={t("Student Exam Results")}
      search={{
        id: "result-search",
        label: t("Search results"),
        placeholder: t("Search by student name, email or exam title..."),
      }}
      query={adminResultsQueryOptions}
      pageSize={25}
      loadingLabel={t("Loading results...")}
      errorTitle={t("Failed to Load Results")}
      errorPage={(retry, error) => (
        <div className="mx-auto max-w-3xl px-4 py-16">
          <ErrorState
            title={t("Failed to Load Results")}
            message={t(error.message)}
            onRetry={retry}
            retryLabel={t("Retry")}
          >
            <Button asChild variant="outline">
              <Link to="/admin/dashboard">{t("Back to Dashboard")}</Link>
            </Button>
          </ErrorState>
        </div>
      )}
      empty={{ title: t("No results found."), description: t("Attempts will appear here.") }}
      columns={[
        { header: t("Student"), className: "font-medium", cell: (r) => r.profile.fullName ?? "—" },
        { header: t("Email"), cell: (r) => r.profile.email },
        { header: t("Exam"), className: "min-w-48", cell: (r) => r.exam.title },
        { header: t("Score"), cell: (r) => (r.score === null ? "—" : `${r.score.toFixed(2)}%`) },
        {
          header: t("Status"),
          cell: (r) => <ResultStatusBadge completedAt={r.completedAt} passed={r.passed} />,
        },
        {
          header: t("Completed At"),
          className: "whitespace-nowrap",
          cell: (r) => formatDateTime(r.completedAt),
        },
      ]}
      rowActions={(r) => (
        <span className="inline-flex items-center gap-1 whitespace-nowrap">
          <AnalysisLink kind="exam" id={r.exam.id} label={r.exam.title} />
          <Button variant="outline" size="sm" onClick={() => setViewing(r.id)}>
            {t("View Details")}
          </Button>
        </span>
      )}
    >
      <AttemptDetailsDialog attemptId={viewing} onClose={() => setViewing(null)} />
    </ResourceList>
  );
}
