import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState, ErrorState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { i18n } from "@web/lib/i18n.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { QUIZ_FILTERS, QUIZ_MESSAGES, type QuizFilter } from "../../../../shared/quiz-constants.ts";
import { type QuizCardData, useQuizList, useSetBookmark } from "../api/quizzes.ts";
import { QuizCard } from "../components/quiz-card.tsx";
import { shareLink } from "../components/share-link.ts";

const FILTER_LABELS: Record<QuizFilter, string> = {
  all: msg("All"),
  saved: msg("Saved"),
  "not-attempted": msg("Not attempted"),
};

function readFilter(value: string | null): QuizFilter {
  return (QUIZ_FILTERS as readonly string[]).includes(value ?? "") ? (value as QuizFilter) : "all";
}

/** /current-affairs/quizzes?filter=saved&page=2: the filter and page live in the address. */
export function QuizListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filter = readFilter(params.get("filter"));
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list = useQuizList(filter, page);
  const bookmark = useSetBookmark();

  const go = (next: { filter?: QuizFilter; page?: number }) => {
    const f = next.filter ?? filter;
    const p = next.page ?? 1;
    const search = new URLSearchParams();
    if (f !== "all") search.set("filter", f);
    if (p > 1) search.set("page", String(p));
    setParams(search);
  };

  const toggleSave = async (quiz: QuizCardData) => {
    try {
      await bookmark.mutateAsync({ quizId: quiz.id, saved: !quiz.isSaved });
      notify.success(i18n.t(quiz.isSaved ? QUIZ_MESSAGES.unsaved : QUIZ_MESSAGES.saved));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        notify.error(
          i18n.t(QUIZ_MESSAGES.loginRequiredTitle),
          i18n.t(QUIZ_MESSAGES.loginRequiredSave),
        );
        navigate("/login", { state: { from: "/current-affairs/quizzes" } });
        return;
      }
      notify.error(i18n.t(QUIZ_MESSAGES.bookmarkError), errorMessage(error));
    }
  };

  return (
    <div className="grid gap-4">
      <div role="tablist" aria-label={t("Show quizzes")} className="flex gap-2 overflow-x-auto">
        {QUIZ_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={filter === f}
            onClick={() => go({ filter: f })}
            className={cn(
              "shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium",
              filter === f
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border bg-background hover:bg-muted",
            )}
          >
            {t(FILTER_LABELS[f])}
          </button>
        ))}
      </div>
      <QueryContent
        query={list}
        loadingLabel={t("Loading quizzes...")}
        error={(error, retry) => (
          <ErrorState
            title={t(QUIZ_MESSAGES.loadFailed)}
            message={errorMessage(error)}
            onRetry={retry}
          />
        )}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={t(QUIZ_MESSAGES.empty)}
            description={
              filter === "saved"
                ? t("Save a quiz with its bookmark to find it here.")
                : filter === "not-attempted"
                  ? t("You have attempted every quiz. Well done!")
                  : t("New current-affairs quizzes appear here every day.")
            }
          />
        }
      >
        {(data) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={list.isFetching}>
              {data.items.map((quiz) => (
                <QuizCard
                  key={quiz.id}
                  quiz={quiz}
                  isSaving={bookmark.isPending && bookmark.variables?.quizId === quiz.id}
                  onToggleSave={() => void toggleSave(quiz)}
                  onShare={() => void shareLink(quiz.title, `/quiz/${quiz.id}/attempt`)}
                />
              ))}
            </div>
            <Pagination
              page={page}
              pageSize={data.pageSize}
              total={data.total}
              onPageChange={(p) => go({ page: p })}
            />
          </>
        )}
      </QueryContent>
    </div>
  );
}
