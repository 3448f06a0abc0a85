import { Pagination } from "@web/components/ui/pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useNavigate, useSearchParams } from "react-router";
import { QUIZ_FILTERS, QUIZ_MESSAGES, type QuizFilter } from "../../../../shared/quiz-constants.ts";
import { type QuizCardData, useQuizList, useSetBookmark } from "../api/quizzes.ts";
import { QuizCard } from "../components/quiz-card.tsx";
import { shareLink } from "../components/share-link.ts";

const FILTER_LABELS: Record<QuizFilter, string> = {
  all: "All",
  saved: "Saved",
  "not-attempted": "Not attempted",
};

function readFilter(value: string | null): QuizFilter {
  return (QUIZ_FILTERS as readonly string[]).includes(value ?? "") ? (value as QuizFilter) : "all";
}

/** /current-affairs/quizzes?filter=saved&page=2: the filter and page live in the address. */
export function QuizListPage() {
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
      notify.success(quiz.isSaved ? QUIZ_MESSAGES.unsaved : QUIZ_MESSAGES.saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        notify.error(QUIZ_MESSAGES.loginRequiredTitle, QUIZ_MESSAGES.loginRequiredSave);
        navigate("/login", { state: { from: "/current-affairs/quizzes" } });
        return;
      }
      notify.error(QUIZ_MESSAGES.bookmarkError, errorMessage(error));
    }
  };

  return (
    <div className="grid gap-4">
      <div role="tablist" aria-label="Show quizzes" className="flex gap-2 overflow-x-auto">
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
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <LoadingState label="Loading quizzes..." />
      ) : list.isError ? (
        <ErrorState
          title={QUIZ_MESSAGES.loadFailed}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={QUIZ_MESSAGES.empty}
          description={
            filter === "saved"
              ? "Save a quiz with its bookmark to find it here."
              : filter === "not-attempted"
                ? "You have attempted every quiz. Well done!"
                : "New current-affairs quizzes appear here every day."
          }
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={list.isFetching}>
            {list.data.items.map((quiz) => (
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
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPageChange={(p) => go({ page: p })}
          />
        </>
      )}
    </div>
  );
}
