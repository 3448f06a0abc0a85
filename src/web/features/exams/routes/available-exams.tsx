import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { EmptyState, ErrorState } from "@web/components/ui/states.tsx";
import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { formatDate } from "@web/lib/format.ts";
import { Clock, FileQuestion, Lock, Search } from "lucide-react";
import { useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EXAM_KIND_LABELS } from "../../../../shared/exams.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { useCategoryOptions } from "../api/get-categories.ts";
import { type AvailableExam, type ExamFilter, useAvailableExams } from "../api/get-exams.ts";

const FILTERS = [
  { value: "", label: msg("All") },
  { value: "mock", label: msg("Mock Tests") },
  { value: "pyp", label: msg("Previous Year") },
  { value: "series", label: msg("Test Series") },
  // The spec's filter=paused: exams the student has started and not submitted.
  { value: "paused", label: msg("In progress") },
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The card's main action: resume, unlock, or start (again, beside the last score's Review). */
function ExamActions({ exam }: { exam: AvailableExam }) {
  const { t } = useTranslation();
  if (exam.openAttemptId) {
    return (
      <Button asChild className="mt-auto" variant="secondary">
        <Link to={`/exam/${exam.id}`}>{t("Resume Exam")}</Link>
      </Button>
    );
  }
  const review = exam.lastAttempt ? (
    <Button asChild variant="outline">
      <Link
        to={`/results/${exam.lastAttempt.id}`}
        aria-label={t("Review {{title}}", { title: exam.title })}
      >
        {t("Review")}
      </Link>
    </Button>
  ) : null;
  if (exam.access.locked) {
    return (
      <div className="mt-auto flex flex-wrap gap-2">
        {review}
        <Button asChild variant="outline">
          <Link to="/student/subscriptions">
            <Lock aria-hidden="true" />
            {exam.access.reason === "PREMIUM_REQUIRED"
              ? t("Unlock with a plan")
              : t("Plan limit reached")}
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-auto flex flex-wrap gap-2">
      {review}
      <Button asChild>
        <Link to={`/exam/${exam.id}`}>{exam.lastAttempt ? t("Start again") : t("Start Exam")}</Link>
      </Button>
    </div>
  );
}

function ExamCard({ exam }: { exam: AvailableExam }) {
  const { t } = useTranslation();
  const minutes = Math.round(exam.timeLimitSeconds / 60);
  const last = exam.lastAttempt;
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex flex-wrap gap-1.5">
        <Badge variant="secondary" lang={contentLang(exam.category?.name)}>
          {exam.category?.name}
        </Badge>
        <Badge variant="outline">{t(EXAM_KIND_LABELS[exam.kind])}</Badge>
        {exam.year ? <Badge variant="outline">{exam.year}</Badge> : null}
        {exam.isFree ? null : <Badge variant="warning">{t("Premium")}</Badge>}
        {exam.openAttemptSecondsLeft !== null ? (
          <Badge variant="default">
            {exam.openAttemptSecondsLeft <= 0
              ? t("In progress · time is up")
              : t("In progress · {{minutes}} min left", {
                  minutes: Math.ceil(exam.openAttemptSecondsLeft / 60),
                })}
          </Badge>
        ) : null}
        {exam.access.locked && !exam.openAttemptId ? (
          <Badge variant="outline">
            <Lock className="mr-1 size-3" aria-hidden="true" /> {t("Locked")}
          </Badge>
        ) : null}
      </div>
      <h2 lang={contentLang(exam.title)} className="text-lg font-semibold leading-snug">
        {exam.title}
      </h2>
      {exam.description ? (
        <p
          lang={contentLang(exam.description)}
          className="line-clamp-3 text-sm text-muted-foreground"
        >
          {exam.description}
        </p>
      ) : null}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="flex items-center gap-1">
          <Clock className="size-4" aria-hidden="true" /> {t("{{minutes}} min", { minutes })}
        </span>
        <span className="flex items-center gap-1">
          <FileQuestion className="size-4" aria-hidden="true" />{" "}
          {exam.questionCount === 1
            ? t("1 question")
            : t("{{questions}} questions", { questions: exam.questionCount })}
        </span>
        <span>{t("Cut-off: {{percent}}%", { percent: exam.passingMarks })}</span>
        {exam.marksPerQuestion ? <span>{t("Negative marking")}</span> : null}
      </p>
      {last ? (
        <p className="text-sm">
          {t("Your last score")}:{" "}
          <strong className={last.passed === false ? "text-destructive" : "text-success"}>
            {Math.round(last.score)}%
          </strong>{" "}
          <span className="text-muted-foreground">
            ({t("Completed {{date}}", { date: formatDate(last.completedAt) })})
          </span>
        </p>
      ) : null}
      {exam.access.attemptsLeft !== null && !exam.access.locked ? (
        <p className="text-sm font-medium">
          {exam.access.attemptsLeft === 1
            ? t("1 attempt left on your plan")
            : t("{{attempts}} attempts left on your plan", {
                attempts: exam.access.attemptsLeft,
              })}
        </p>
      ) : null}
      <ExamActions exam={exam} />
    </li>
  );
}

export function AvailableExamsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const deferredSearch = useDeferredValue(search.trim());
  const rawFilter = params.get("filter") ?? "";
  const filter = (FILTERS.some((f) => f.value === rawFilter) ? rawFilter : "") as
    | ExamFilter["filter"]
    | "";
  const query: ExamFilter = {
    ...(deferredSearch ? { search: deferredSearch } : {}),
    ...(params.get("categoryId") ? { categoryId: params.get("categoryId") ?? undefined } : {}),
    ...(filter ? { filter } : {}),
    ...(params.get("category") ? { category: params.get("category") ?? undefined } : {}),
    ...(/^\d{4}$/.test(params.get("year") ?? "") ? { year: params.get("year") ?? undefined } : {}),
    // The report's "practise this topic" link: exams with questions of that subject.
    ...(UUID.test(params.get("subject") ?? "")
      ? { subject: params.get("subject") ?? undefined }
      : {}),
  };
  const exams = useAvailableExams(query);
  const categories = useCategoryOptions();
  const hasCriteria = Boolean(
    deferredSearch ||
      query.categoryId ||
      query.filter ||
      query.category ||
      query.year ||
      query.subject,
  );

  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6">
      <PageHeader
        title={t("Available Exams")}
        description={t("Timed tests graded the moment you submit.")}
        backTo="/student/dashboard"
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_16rem]">
        <div className="relative">
          <Label htmlFor="exam-search" className="sr-only">
            {t("Search exams")}
          </Label>
          <Search
            className="pointer-events-none absolute left-3 top-3 size-4 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="exam-search"
            type="search"
            placeholder={t("Search exams...")}
            className="pl-9"
            value={search}
            onChange={(e) => update("q", e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="exam-category" className="sr-only">
            {t("Category")}
          </Label>
          <Select
            id="exam-category"
            value={params.get("categoryId") ?? ""}
            onChange={(e) => update("categoryId", e.target.value)}
          >
            <option value="">{t("All Categories")}</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id} lang={contentLang(c.name)}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <fieldset className="flex min-w-0 gap-2 overflow-x-auto pb-1">
        <legend className="sr-only">{t("Exam type")}</legend>
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => {
              const next = new URLSearchParams(params);
              if (f.value) next.set("filter", f.value);
              else next.delete("filter");
              next.delete("category");
              next.delete("year");
              setParams(next, { replace: true });
            }}
            className={cn(
              "shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium",
              filter === f.value
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border bg-background hover:bg-muted",
            )}
          >
            {t(f.label)}
          </button>
        ))}
      </fieldset>
      {filter === "pyp" ? (
        // The papers' questions one by one, by subject, topic and year.
        <p className="text-sm">
          <Link to="/student/pyq" className="font-medium text-primary hover:underline">
            {t("Browse previous-year questions by subject, topic and year")}
          </Link>
        </p>
      ) : null}
      <QueryContent
        query={exams}
        loadingLabel={t("Loading exams...")}
        error={(error, retry) => (
          <ErrorState title={t("Error fetching data")} message={error?.message} onRetry={retry} />
        )}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            title={t("No Exams Found")}
            description={
              hasCriteria
                ? t(
                    "No exams match your current search or filter criteria. Try adjusting your search.",
                  )
                : t("There are currently no exams available. Please check back later.")
            }
          />
        }
      >
        {(data) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((exam) => (
              <ExamCard key={exam.id} exam={exam} />
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}
