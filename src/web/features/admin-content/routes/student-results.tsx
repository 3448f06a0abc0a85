import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
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
import { formatDateTime } from "@web/lib/format.ts";
import { useState } from "react";
import { Link } from "react-router";
import { type AdminResult, useAdminResults } from "../api/results.ts";
import { AttemptDetailsDialog } from "../components/attempt-details-dialog.tsx";
import { SearchBox } from "../components/search-box.tsx";
import { useDebounced } from "../components/use-debounced.ts";

const PAGE_SIZE = 25;

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
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const debounced = useDebounced(search.trim());
  const results = useAdminResults({ search: debounced || undefined, page, pageSize: PAGE_SIZE });

  if (results.isError && !results.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <ErrorState
          title="Failed to Load Results"
          message={results.error.message}
          onRetry={() => void results.refetch()}
          retryLabel="Retry"
        >
          <Button asChild variant="outline">
            <Link to="/admin/dashboard">Back to Dashboard</Link>
          </Button>
        </ErrorState>
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6">
      <PageHeader title="Student Exam Results" backTo="/admin/dashboard" />
      <SearchBox
        id="result-search"
        label="Search results"
        placeholder="Search by student name, email or exam title..."
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
      />
      {results.isPending ? (
        <LoadingState label="Loading results..." />
      ) : results.data?.items.length === 0 ? (
        <EmptyState
          title="No results found."
          description={debounced ? "Try adjusting your search." : "Attempts will appear here."}
        />
      ) : results.data ? (
        <>
          <Table stackOnPhones>
            <TableHeader>
              <TableRow>
                <TableHead>Student</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Exam</TableHead>
                <TableHead>Score</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Completed At</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {results.data.items.map((r) => (
                <TableRow key={r.id}>
                  <TableCell label="Student" className="font-medium">
                    {r.profile.fullName ?? "—"}
                  </TableCell>
                  <TableCell label="Email">{r.profile.email}</TableCell>
                  <TableCell label="Exam" className="min-w-48">
                    {r.exam.title}
                  </TableCell>
                  <TableCell label="Score">
                    {r.score === null ? "—" : `${r.score.toFixed(2)}%`}
                  </TableCell>
                  <TableCell label="Status">
                    <StatusBadge result={r} />
                  </TableCell>
                  <TableCell label="Completed At" className="whitespace-nowrap">
                    {formatDateTime(r.completedAt)}
                  </TableCell>
                  <TableCell label="Actions" className="text-right">
                    <Button variant="outline" size="sm" onClick={() => setViewing(r.id)}>
                      View Details
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={results.data.total}
            onPageChange={setPage}
          />
        </>
      ) : null}
      <AttemptDetailsDialog attemptId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
