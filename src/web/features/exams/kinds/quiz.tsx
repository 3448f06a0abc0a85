import { Button } from "@web/components/ui/button.tsx";
import { ApiError } from "@web/lib/api.ts";
import { i18n } from "@web/lib/i18n.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { Link } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { QUIZ_MESSAGES } from "../../../../shared/quiz-constants.ts";
import {
  attemptQueryOptions,
  getQuizOverview,
  type QuizOverview,
  startQuizAttempt,
} from "../api/attempts.ts";
import { quizStartModel } from "../components/exam-start-screen.tsx";
import { Centered } from "./common.tsx";
import { ATTEMPT_KIND_FACTS } from "./facts.ts";
import type { AttemptKindModule } from "./kind.ts";

const QUIZ_LIST = "/current-affairs/quizzes";
const toQuizzes = () => ({ to: QUIZ_LIST, label: i18n.t("Back to Quizzes") });

/** A current-affairs quiz: numbered attempts; submitting moves to the result's own address. */
export const quiz: AttemptKindModule<QuizOverview> = {
  ...ATTEMPT_KIND_FACTS.quiz,
  overviewKey: queryKeys.quizOverview,
  getOverview: getQuizOverview,
  overviewTries: 2,
  overviewErrorTitle: null,
  start: startQuizAttempt,
  onStartError: (error, page) => {
    if (error instanceof ApiError && error.status === 409) {
      notify.error(i18n.t(QUIZ_MESSAGES.startConflictTitle), i18n.t(QUIZ_MESSAGES.startConflict), {
        duration: 7000,
      });
    } else if (!(error instanceof ApiError && (error.status === 404 || error.status === 403))) {
      // Spec: other start failures go back to the quiz list.
      notify.error(i18n.t("Error Starting Quiz"), i18n.t(QUIZ_MESSAGES.initFailed));
      page.navigate(QUIZ_LIST, { replace: true });
    }
  },
  noticesFinalized: false,
  startModel: quizStartModel,
  back: toQuizzes,
  loadingLabel: msg("Loading quiz..."),
  maintenance: () => (
    <Centered
      text={i18n.t(
        "The site is under maintenance. Please come back to start this quiz when it is back.",
      )}
      back={toQuizzes()}
    />
  ),
  loadFailed: (error) => (
    <Centered
      text={i18n.t(
        error instanceof ApiError && (error.status === 404 || error.status === 403)
          ? error.message
          : QUIZ_MESSAGES.initFailed,
      )}
      back={toQuizzes()}
    />
  ),
  noQuestions: () => <Centered text={i18n.t(QUIZ_MESSAGES.noQuestions)} back={toQuizzes()} />,
  refused: (error) => (
    <div className="grid gap-2">
      <Centered text={i18n.t(error.message)} back={toQuizzes()} />
      <Button asChild className="justify-self-center">
        <Link to="/student/subscriptions">{i18n.t("See Plans")}</Link>
      </Button>
    </div>
  ),
  texts: (session) => ({
    noun: "Quiz",
    heading: (index, total) =>
      i18n.t("Question {{number}} of {{total}} (Attempt #{{attempt}})", {
        number: index + 1,
        total,
        attempt: session.attempt.attemptNumber ?? 1,
      }),
  }),
  exitTo: () => QUIZ_LIST,
  hasLanguages: true,
  review: () => null,
  onDone: (review, page) => {
    const max = review.quiz?.maxMarks ?? 100;
    notify.success(
      i18n.t(QUIZ_MESSAGES.submitted),
      i18n.t("Your score: {{score}}", { score: `${review.attempt.score ?? 0}/${max}` }),
    );
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.all });
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.revision.all });
    page.queryClient.setQueryData(attemptQueryOptions(review.attempt.id).queryKey, review);
    // The result gets its own address, so a reload shows it rather than starting again.
    page.navigate(`/quiz/${page.id}/attempt?attemptId=${review.attempt.id}&viewResults=true`, {
      replace: true,
    });
    window.scrollTo({ top: 0 });
  },
};
