import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { cn } from "@web/lib/cn.ts";
import { formatDate, formatScorePercent } from "@web/lib/format.ts";
import { Link } from "react-router";
import { useMyResults } from "../api/attempts.ts";

export function MyResultsPage() {
  const results = useMyResults();
  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title="My Exam Results"
        backTo="/student/dashboard"
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to="/student/progress">My Progress</Link>
          </Button>
        }
      />
      <QueryContent
        query={results}
        loadingLabel="Loading results..."
        errorTitle="Error fetching data"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            title="No Results Yet"
            description="Your completed exams will appear here."
            action={
              <Button asChild>
                <Link to="/student/exams">Explore Exams</Link>
              </Button>
            }
          />
        }
      >
        {(list) => (
          <ul className="grid gap-3 sm:grid-cols-2">
            {list.map((r) => (
              <li
                key={r.id}
                className="grid gap-2 rounded-lg border border-border bg-background p-4 shadow-sm"
              >
                <h2 className="font-semibold leading-snug">{r.exam.title}</h2>
                <p className="text-sm text-muted-foreground">
                  Completed {formatDate(r.completedAt)}
                </p>
                <p
                  className={cn(
                    "text-3xl font-bold",
                    r.passed ? "text-success" : "text-destructive",
                  )}
                >
                  {formatScorePercent(r.score, true)}
                </p>
                <Badge
                  variant={r.passed ? "success" : "destructive"}
                  className="justify-self-start"
                >
                  {r.passed === null ? "Pending" : r.passed ? "Passed" : "Failed"}
                </Badge>
                <Button asChild variant="outline" size="sm" className="justify-self-start">
                  <Link to={`/results/${r.id}`}>Review Exam</Link>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}
