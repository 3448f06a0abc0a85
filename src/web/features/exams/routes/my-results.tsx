import { ResultFigures } from "@web/components/exam/result-figures.tsx";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { cn } from "@web/lib/cn.ts";
import { formatDate } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { ResultKind } from "../../../../shared/my-results.ts";
import { type MyResult, useMyResults } from "../api/my-results.ts";
import { ATTEMPT_KIND_FACTS } from "../kinds/facts.ts";

const KINDS: { value: "" | ResultKind; label: string }[] = [
  { value: "", label: msg("All") },
  { value: "exam", label: msg("Exams") },
  { value: "quiz", label: msg("Quizzes") },
  { value: "practice", label: msg("Practice") },
];

function ResultCard({ result }: { result: MyResult }) {
  const { t } = useTranslation();
  const facts = ATTEMPT_KIND_FACTS[result.kind];
  return (
    <li className="grid content-start gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="secondary">{t(facts.resultBadge)}</Badge>
        {result.attemptNumber ? (
          <Badge variant="outline">
            {t("Attempt #{{number}}", { number: result.attemptNumber })}
          </Badge>
        ) : null}
      </div>
      <LocalText
        as="h2"
        english={result.title}
        hindi={result.titleHi}
        className="font-semibold leading-snug"
      />
      <p className="text-sm text-muted-foreground">
        {t("Completed {{date}}", { date: formatDate(result.completedAt) })}
      </p>
      <ResultFigures result={result} />
      <Button asChild variant="outline" size="sm" className="justify-self-start">
        <Link to={`/results/${result.id}`}>{t(facts.resultLinkLabel)}</Link>
      </Button>
    </li>
  );
}

/** My Results: every completed exam and quiz, newest first, filterable by kind, paged. */
export function MyResultsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rawKind = params.get("kind") ?? "";
  const kind = KINDS.find((k) => k.value === rawKind)?.value ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const results = useMyResults({ ...(kind ? { kind } : {}), page });

  const update = (next: { kind?: string; page?: number }) => {
    const search = new URLSearchParams(params);
    if (next.kind !== undefined) {
      if (next.kind) search.set("kind", next.kind);
      else search.delete("kind");
      search.delete("page");
    }
    if (next.page !== undefined) {
      if (next.page > 1) search.set("page", String(next.page));
      else search.delete("page");
    }
    setParams(search, { replace: true });
  };

  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title={t("My Exam Results")}
        backTo="/student/dashboard"
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to="/student/progress">{t("My Progress")}</Link>
          </Button>
        }
      />
      <fieldset className="flex min-w-0 gap-2 overflow-x-auto pb-1">
        <legend className="sr-only">{t("Show")}</legend>
        {KINDS.map((k) => (
          <button
            key={k.value}
            type="button"
            aria-pressed={kind === k.value}
            onClick={() => update({ kind: k.value })}
            className={cn(
              "shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium",
              kind === k.value
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border bg-background hover:bg-muted",
            )}
          >
            {t(k.label)}
          </button>
        ))}
      </fieldset>
      <QueryContent
        query={results}
        loadingLabel={t("Loading results...")}
        errorTitle={t("Error fetching data")}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState
            title={t("No Results Yet")}
            description={t("Your completed exams and quizzes will appear here.")}
            action={
              <Button asChild>
                <Link to="/student/exams">{t("Explore Exams")}</Link>
              </Button>
            }
          />
        }
      >
        {(data) => (
          <div className="grid gap-4">
            <ul className="grid gap-3 sm:grid-cols-2">
              {data.items.map((r) => (
                <ResultCard key={r.id} result={r} />
              ))}
            </ul>
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPageChange={(next) => update({ page: next })}
            />
          </div>
        )}
      </QueryContent>
    </div>
  );
}
