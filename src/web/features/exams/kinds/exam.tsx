import { Button } from "@web/components/ui/button.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { formatScorePercent } from "@web/lib/format.ts";
import { i18n } from "@web/lib/i18n.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { EXAM_MESSAGES } from "../../../../shared/exam-messages.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { type ExamOverview, getExamOverview, startAttempt } from "../api/attempts.ts";
import { examStartModel } from "../components/exam-start-screen.tsx";
import { Centered, summaryReview, toDashboard } from "./common.tsx";
import { ATTEMPT_KIND_FACTS } from "./facts.ts";
import type { AttemptKindModule, PageContext } from "./kind.ts";

/** The screens an exam shows in place of the attempt; a live test shows the same. */
export const examScreens = {
  maintenance: () => (
    <InlineAlert className="mx-auto max-w-md px-4 py-16 text-center text-lg font-semibold">
      {i18n.t(
        "The site is under maintenance. Please come back to start this exam when it is back.",
      )}
    </InlineAlert>
  ),
  loadFailed: (_error: unknown, page: PageContext) => (
    <Centered text={i18n.t(EXAM_MESSAGES.examLoadFailed)} back={toDashboard(page)} />
  ),
  noQuestions: (page: PageContext) => (
    <Centered text={i18n.t(EXAM_MESSAGES.examLoadFailed)} back={toDashboard(page)} />
  ),
  refused: (error: ApiError, page: PageContext) => {
    const plansUrl =
      (error.details as { plansUrl?: string } | undefined)?.plansUrl ?? "/student/subscriptions";
    return (
      <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
        <Lock className="size-10 justify-self-center text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{i18n.t("Premium Exam")}</h1>
        <InlineAlert className="">{i18n.t(error.message)}</InlineAlert>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to={plansUrl}>{i18n.t("View Plans")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={page.dashboardPath}>{i18n.t("Back to Dashboard")}</Link>
          </Button>
        </div>
      </div>
    );
  },
} satisfies Pick<
  AttemptKindModule<unknown>,
  "maintenance" | "loadFailed" | "noQuestions" | "refused"
>;

export const exam: AttemptKindModule<ExamOverview> = {
  ...ATTEMPT_KIND_FACTS.exam,
  overviewKey: queryKeys.examOverview,
  getOverview: getExamOverview,
  overviewTries: 3,
  overviewErrorTitle: msg("Error Fetching Exam Data"),
  start: startAttempt,
  onStartError: (error) => {
    if (!(error instanceof ApiError && error.status === 403))
      notify.error(
        i18n.t("Error Starting Exam"),
        i18n.t(error.message || "Could not record exam start."),
      );
  },
  noticesFinalized: true,
  startModel: examStartModel,
  back: toDashboard,
  loadingLabel: msg("Loading exam..."),
  ...examScreens,
  texts: () => ({ noun: "Exam" }),
  exitTo: (page) => (page.isStudent ? "/student/exams" : page.dashboardPath),
  // An exam's questions show in Hindi where an admin gave them a Hindi version.
  hasLanguages: true,
  review: summaryReview,
  onDone: (review, page) => {
    notify.success(
      i18n.t("Exam Submitted"),
      i18n.t("Your score: {{score}}", { score: formatScorePercent(review.attempt.score) }),
    );
    page.showReview(review);
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.results.all });
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.exams.all });
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.revision.all });
    window.scrollTo({ top: 0 });
  },
};
