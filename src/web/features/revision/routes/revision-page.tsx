import { AnswerReview, type ReviewedAnswer } from "@web/components/exam/answer-review.tsx";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { useAuth } from "@web/lib/auth.ts";
import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { useRevisionSummary } from "@web/lib/revision.ts";
import { notify } from "@web/lib/toast.ts";
import { PlayCircle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  REVISION_SOURCE_LABELS,
  REVISION_SOURCES,
  type RevisionSource,
} from "../../../../shared/revision.ts";
import {
  REVISION_PAGE_SIZE,
  type RevisionCard,
  type RevisionFilter,
  useRemoveCard,
  useResetCard,
  useRevisionCards,
  useStartRevision,
  useSubjectOptions,
} from "../api/revision-cards.ts";
import { CardDetails } from "../components/card-details.tsx";

const SOURCE_CHIPS: { value: "" | RevisionSource; label: string }[] = [
  { value: "", label: msg("All") },
  ...REVISION_SOURCES.map((value) => ({ value, label: REVISION_SOURCE_LABELS[value] })),
];

/** The filter as the address keeps it (?subject=&topic=&source=&page=), so Back returns to it. */
function useFilter(): [RevisionFilter, (next: Partial<RevisionFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const rawSource = params.get("source") ?? "";
  const filter: RevisionFilter = {
    subjectId: params.get("subject") || undefined,
    topicId: params.get("topic") || undefined,
    source: REVISION_SOURCES.find((s) => s === rawSource),
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const update = (next: Partial<RevisionFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.subjectId) search.set("subject", merged.subjectId);
    if (merged.topicId) search.set("topic", merged.topicId);
    if (merged.source) search.set("source", merged.source);
    if (merged.page > 1) search.set("page", String(merged.page));
    setParams(search, { replace: true });
  };
  return [filter, update];
}

/** Due today, in the notebook, mastered; and the one button that starts today's session. */
function Summary() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = useRevisionSummary();
  const start = useStartRevision();
  const figures = summary.data
    ? [
        { label: t("Due today"), value: summary.data.dueToday },
        { label: t("In your notebook"), value: summary.data.total },
        { label: t("Mastered"), value: summary.data.mastered },
      ]
    : null;
  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (session) => navigate(`/revision/${session.id}`),
      onError: (error) =>
        notify.error(
          t("Could not start the revision."),
          errorMessage(error, msg("Please try again.")),
        ),
    });
  return (
    <section
      aria-labelledby="revision-today"
      className="grid gap-4 rounded-lg border border-border bg-background p-4 shadow-sm"
    >
      <h2 id="revision-today" className="sr-only">
        {t("Today")}
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(figures ?? []).map((f) => (
          <div key={f.label} className="grid gap-0.5">
            <dt className="order-2 text-xs text-muted-foreground">{f.label}</dt>
            <dd className="order-1 text-2xl font-bold">{f.value}</dd>
          </div>
        ))}
      </dl>
      {summary.data && summary.data.dueToday > 0 ? (
        <Button
          className="w-full sm:justify-self-start sm:w-auto"
          disabled={start.isPending}
          onClick={onStart}
        >
          <PlayCircle aria-hidden="true" />
          {start.isPending ? t("Starting...") : t("Start today's revision")}
        </Button>
      ) : summary.data && summary.data.total > 0 ? (
        <p className="text-sm text-muted-foreground">{t("Nothing is due for revision today.")}</p>
      ) : null}
    </section>
  );
}

function Filters(props: {
  filter: RevisionFilter;
  onChange: (next: Partial<RevisionFilter>) => void;
}) {
  const { t } = useTranslation();
  const subjects = useSubjectOptions();
  const subject = subjects.data?.find((s) => s.id === props.filter.subjectId);
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="revision-subject">{t("Subject")}</Label>
          <Select
            id="revision-subject"
            value={props.filter.subjectId ?? ""}
            onChange={(e) =>
              props.onChange({ subjectId: e.target.value || undefined, topicId: undefined })
            }
          >
            <option value="">{t("All subjects")}</option>
            {(subjects.data ?? []).map((s) => (
              <option key={s.id} value={s.id} lang={contentLang(s.name)}>
                {s.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="revision-topic">{t("Topic")}</Label>
          <Select
            id="revision-topic"
            value={props.filter.topicId ?? ""}
            disabled={!subject || subject.topics.length === 0}
            onChange={(e) => props.onChange({ topicId: e.target.value || undefined })}
          >
            <option value="">{t("All topics")}</option>
            {(subject?.topics ?? []).map((topic) => (
              <option key={topic.id} value={topic.id} lang={contentLang(topic.name)}>
                {topic.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <fieldset className="-mx-4 flex min-w-0 gap-2 overflow-x-auto px-4 pb-1">
        <legend className="sr-only">{t("Why the question is here")}</legend>
        {SOURCE_CHIPS.map((chip) => {
          const active = (props.filter.source ?? "") === chip.value;
          return (
            <button
              key={chip.value}
              type="button"
              aria-pressed={active}
              onClick={() => props.onChange({ source: chip.value || undefined })}
              className={cn(
                "min-h-9 shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium",
                active
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-background hover:bg-muted",
              )}
            >
              {t(chip.label)}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}

const asReviewed = (card: RevisionCard): ReviewedAnswer => ({
  question: card.question,
  selectedAnswer: card.selectedAnswer,
  isCorrect:
    card.selectedAnswer === null || card.question.correctAnswer === null
      ? null
      : card.selectedAnswer === card.question.correctAnswer,
  keyHold: card.keyHold,
});

/**
 * `/student/revision`: the revision notebook (decision 041). Today's counts and the session button,
 * the filters, then the cards a page at a time: each question in the student's question language
 * with their earlier answer, the key and the explanation, its next due date, Reset schedule and
 * Remove.
 */
export function RevisionPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const language =
    auth.status === "signed-in" ? (auth.session.profile?.questionLanguage ?? "en") : "en";
  const [filter, setFilter] = useFilter();
  const cards = useRevisionCards(filter);
  const remove = useRemoveCard();
  const reset = useResetCard();
  const [removing, setRemoving] = useState<string | null>(null);
  const filtered = Boolean(filter.subjectId || filter.topicId || filter.source);
  const busy = (questionId: string) =>
    (remove.isPending && remove.variables === questionId) ||
    (reset.isPending && reset.variables === questionId);

  const onReset = (questionId: string) =>
    reset.mutate(questionId, {
      onSuccess: () => notify.success(t("Schedule reset: the question is due now.")),
      onError: (error) =>
        notify.error(
          t("Could not reset the schedule."),
          errorMessage(error, msg("Please try again.")),
        ),
    });
  const onRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => {
        setRemoving(null);
        notify.success(t("Removed from your revision notebook."));
      },
      onError: (error) =>
        notify.error(
          t("Could not remove the question."),
          errorMessage(error, msg("Please try again.")),
        ),
    });
  };

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6">
      <PageHeader
        title={t("Revision")}
        description={t(
          "Questions you got wrong, skipped or were unsure of come back here just before you would forget them.",
        )}
        backTo="/student/dashboard"
      />
      <Summary />
      <Filters filter={filter} onChange={setFilter} />
      <QueryContent
        query={cards}
        loadingLabel={t("Loading your revision notebook...")}
        errorTitle={t("Error fetching data")}
        isEmpty={(data) => data.total === 0}
        empty={
          filtered ? (
            <EmptyState
              title={t("No questions match these filters.")}
              action={
                <Button
                  variant="outline"
                  onClick={() =>
                    setFilter({ subjectId: undefined, topicId: undefined, source: undefined })
                  }
                >
                  {t("Show all")}
                </Button>
              }
            />
          ) : (
            <EmptyState
              title={t("Your revision notebook is empty")}
              description={t(
                "After each test, the questions you got wrong, skipped or tagged 50:50 or Guess are added here. You can also tap Save for revision on any question when you review a test.",
              )}
              action={
                <Button asChild>
                  <Link to="/student/exams">{t("Explore Exams")}</Link>
                </Button>
              }
            />
          )
        }
      >
        {(data) => {
          const byId = new Map(data.items.map((card) => [card.questionId, card]));
          return (
            <div className="grid gap-4">
              <AnswerReview
                answers={data.items.map(asReviewed)}
                explanationMode="toggle"
                showOptions
                language={language}
                firstNumber={(data.page - 1) * REVISION_PAGE_SIZE + 1}
                discussion
                extra={(questionId) => {
                  const card = byId.get(questionId);
                  return card ? (
                    <CardDetails
                      card={card}
                      isBusy={busy(questionId)}
                      onReset={() => onReset(questionId)}
                      onRemove={() => setRemoving(questionId)}
                    />
                  ) : null;
                }}
              />
              <Pagination
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPageChange={(page) => setFilter({ page })}
              />
            </div>
          );
        }}
      </QueryContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t("Remove this question from your notebook?")}
        description={t(
          "It comes back only if you miss it again in a test or save it for revision.",
        )}
        confirmLabel={t("Remove")}
        pendingLabel={t("Removing...")}
        isPending={remove.isPending}
        onConfirm={onRemove}
      />
    </div>
  );
}
