import { AnalysisLink } from "@web/components/analysis-link.tsx";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ErrorState } from "@web/components/ui/states.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { useState } from "react";
import { Link } from "react-router";
import { type AdminResult, adminResultsQueryOptions } from "../api/results.ts";
import { AttemptDetailsDialog } from "../components/attempt-details-dialog.tsx";

/** Spec: completed_at null 'In Progress'; passed null 'Pending'; else 'Passed' or 'Failed'. */
function StatusBadge({ result }: { result: AdminResult }) {
  if (result.completedAt === null) return <Badge variant="outline">In Progress</Badge>;
  if (result.passed === null) return <Badge variant="secondary">Pending</Badge>;
  return (
    <Badge variant={result.passed ? "success" : "destructive"}>
      {result.passed ? "Passed" : "Failed"}
    </Badge>
  );
}

export function StudentResultsPage() {
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <ResourceList
      title="Student Exam Results"
      search={{
        id: "result-search",
        label: "Search results",
        placeholder: "Search by student name, email or exam title...",
      }}
      query={adminResultsQueryOptions}
      pageSize={25}
      loadingLabel="Loading results..."
      errorTitle="Failed to Load Results"
      errorPage={(retry, error) => (
        <div className="mx-auto max-w-3xl px-4 py-16">
          <ErrorState
            title="Failed to Load Results"
            message={error.message}
            onRetry={retry}
            retryLabel="Retry"
          >
            <Button asChild variant="outline">
              <Link to="/admin/dashboard">Back to Dashboard</Link>
            </Button>
          </ErrorState>
        </div>
      )}
      empty={{ title: "No results found.", description: "Attempts will appear here." }}
      columns={[
        { header: "Student", className: "font-medium", cell: (r) => r.profile.fullName ?? "—" },
        { header: "Email", cell: (r) => r.profile.email },
        { header: "Exam", className: "min-w-48", cell: (r) => r.exam.title },
        { header: "Score", cell: (r) => (r.score === null ? "—" : `${r.score.toFixed(2)}%`) },
        { header: "Status", cell: (r) => <StatusBadge result={r} /> },
        {
          header: "Completed At",
          className: "whitespace-nowrap",
          cell: (r) => formatDateTime(r.completedAt),
        },
      ]}
      rowActions={(r) => (
        <span className="inline-flex items-center gap-1 whitespace-nowrap">
          <AnalysisLink kind="exam" id={r.exam.id} label={r.exam.title} />
          <Button variant="outline" size="sm" onClick={() => setViewing(r.id)}>
            View Details
          </Button>
        </span>
      )}
    >
      <AttemptDetailsDialog attemptId={viewing} onClose={() => setViewing(null)} />
    </ResourceList>
  );
}
