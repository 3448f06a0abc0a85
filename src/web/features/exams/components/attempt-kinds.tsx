import type { QueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatIndiaDateTime, formatScorePercent } from "@web/lib/format.ts";
import { i18n } from "@web/lib/i18n.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link, type NavigateFunction } from "react-router";
import type { AttemptKind } from "../../../../shared/attempt-kinds.ts";
import { EXAM_MESSAGES } from "../../../../shared/exam-messages.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { LIVE_MESSAGES } from "../../../../shared/live-tests.ts";
import { PRACTICE_MESSAGES, REVISION_MESSAGES } from "../../../../shared/practice-messages.ts";
import { type Language, QUIZ_MESSAGES } from "../../../../shared/quiz-constants.ts";
import {
  type AttemptReview,
  type AttemptSession,
  attemptQueryOptions,
  type ExamOverview,
  getExamOverview,
  getQuizOverview,
  getSetOverview,
  type QuizOverview,
  type SetOverview,
  startAttempt,
  startQuizAttempt,
  startSetAttempt,
} from "../api/attempts.ts";
import { getLiveRoom, type LiveRoom, startLiveAttempt } from "../api/live-tests.ts";
import type { RunnerTexts } from "./attempt-runner.tsx";
import {
  examStartModel,
  quizStartModel,
  type StartScreenModel,
  setStartModel,
} from "./exam-start-screen.tsx";
import { ExamSummary } from "./exam-summary.tsx";
import { LiveRoomScreen } from "./live-room.tsx";

const QUIZ_LIST = "/current-affairs/quizzes";

/** What the attempt page knows when a kind decides something. */
export type PageContext = {
  id: string;
  dashboardPath: string;
  isStudent: boolean;
  navigate: NavigateFunction;
  queryClient: QueryClient;
  /** Shows the kind's `review` view in place of the runner. */
  showReview: (review: AttemptReview) => void;
  /** The question language the student chose (the review shows the questions in it). */
  language: Language;
};

/**
 * Everything the one attempt page (`routes/attempt-page.tsx`) does differently per kind
 * (decision 033). A kind added to `shared/attempt-kinds.ts` does not compile until it has one.
 */
export type AttemptAdapter<Overview> = {
  overviewKey: (id: string) => readonly unknown[];
  getOverview: (id: string) => Promise<Overview>;
  /** Overview fetch tries on a network or server error. */
  overviewTries: number;
  /** The title of the toast for a failed overview read, when the kind shows one (a key). */
  overviewErrorTitle: string | null;
  start: (id: string) => Promise<AttemptSession>;
  onStartError: (error: Error, page: PageContext) => void;
  /** Tell the student that their earlier attempt ran out of time and was graded. */
  noticesFinalized: boolean;
  /** The start screen's model (the common start screen), or the kind's own screen. */
  startModel?: (overview: Overview) => StartScreenModel;
  startScreen?: (overview: Overview, actions: StartActions, page: PageContext) => ReactNode;
  back: (page: PageContext) => { to: string; label: string };
  /** The loading line's text (a key, shown through t()). */
  loadingLabel: string;
  maintenance: (page: PageContext) => ReactNode;
  loadFailed: (error: unknown, page: PageContext) => ReactNode;
  noQuestions: (page: PageContext) => ReactNode;
  refused: (error: ApiError, page: PageContext) => ReactNode;
  texts: (session: AttemptSession) => RunnerTexts;
  exitTo: (page: PageContext) => string;
  /** The quiz shows its questions in Hindi too. */
  hasLanguages: boolean;
  onDone: (review: AttemptReview, page: PageContext) => void;
  /** Right after submit, in place of the runner (the exam's summary); a quiz moves to its result. */
  review: (review: AttemptReview, page: PageContext) => ReactNode;
};

/** What a kind's own start screen may do: start (or resume), and when its data was read. */
export type StartActions = { onStart: () => void; isStarting: boolean; receivedAt: number };

/** A message in place of the attempt, with one way back (both already in the interface language). */
export function Centered(props: { text: string; back: { to: string; label: string } }) {
  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
      <p role="alert" className="text-lg font-semibold">
        {props.text}
      </p>
      <Button asChild variant="outline" className="justify-self-center">
        <Link to={props.back.to}>{props.back.label}</Link>
      </Button>
    </div>
  );
}

const toDashboard = (page: PageContext) => ({
  to: page.dashboardPath,
  label: i18n.t("Back to Dashboard"),
});
const toQuizzes = () => ({ to: QUIZ_LIST, label: i18n.t("Back to Quizzes") });

const exam: AttemptAdapter<ExamOverview> = {
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
  maintenance: () => (
    <p role="alert" className="mx-auto max-w-md px-4 py-16 text-center text-lg font-semibold">
      {i18n.t(
        "The site is under maintenance. Please come back to start this exam when it is back.",
      )}
    </p>
  ),
  loadFailed: (_error, page) => (
    <Centered text={i18n.t(EXAM_MESSAGES.examLoadFailed)} back={toDashboard(page)} />
  ),
  noQuestions: (page) => (
    <Centered text={i18n.t(EXAM_MESSAGES.examLoadFailed)} back={toDashboard(page)} />
  ),
  refused: (error, page) => {
    const plansUrl =
      (error.details as { plansUrl?: string } | undefined)?.plansUrl ?? "/student/subscriptions";
    return (
      <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
        <Lock className="size-10 justify-self-center text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{i18n.t("Premium Exam")}</h1>
        <p role="alert">{i18n.t(error.message)}</p>
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
  texts: () => ({ noun: "Exam" }),
  exitTo: (page) => (page.isStudent ? "/student/exams" : page.dashboardPath),
  // An exam's questions show in Hindi where an admin gave them a Hindi version.
  hasLanguages: true,
  review: (review, page) => (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <ExamSummary review={review} dashboardPath={page.dashboardPath} language={page.language} />
    </div>
  ),
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

const quiz: AttemptAdapter<QuizOverview> = {
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

/**
 * A practice test or a revision session: the student's own draw from the bank (decision 041).
 * Submitting shows the exam's summary (score, marks, the review and the analysis) in place.
 */
function setAdapter(
  kind: "practice" | "revision",
  words: {
    home: string;
    backLabel: string;
    kicker: string;
    messages: { notFound: string; startConflict: string };
  },
): AttemptAdapter<SetOverview> {
  const back = () => ({ to: words.home, label: i18n.t(words.backLabel) });
  const { notFound } = words.messages;
  return {
    overviewKey: (id) => queryKeys.setOverview(kind, id),
    getOverview: (id) => getSetOverview(kind, id),
    overviewTries: 3,
    overviewErrorTitle: null,
    start: (id) => startSetAttempt(kind, id),
    onStartError: (error) => {
      if (!(error instanceof ApiError && error.status === 404))
        notify.error(
          i18n.t("Error Starting Test"),
          i18n.t(error.message || words.messages.startConflict),
        );
    },
    noticesFinalized: true,
    startModel: (overview) => setStartModel(overview, i18n.t(words.kicker)),
    back,
    loadingLabel: msg("Loading test..."),
    maintenance: () => (
      <Centered
        text={i18n.t(
          "The site is under maintenance. Please come back to start this test when it is back.",
        )}
        back={back()}
      />
    ),
    loadFailed: (error) => (
      <Centered
        text={i18n.t(error instanceof ApiError && error.status === 404 ? error.message : notFound)}
        back={back()}
      />
    ),
    noQuestions: () => <Centered text={i18n.t(notFound)} back={back()} />,
    refused: (error) => <Centered text={i18n.t(error.message)} back={back()} />,
    texts: (session) => ({ noun: "Test", untimed: session.set?.timed === false }),
    exitTo: () => words.home,
    hasLanguages: true,
    review: (review, page) => (
      <div className="mx-auto max-w-3xl px-4 py-6">
        <ExamSummary review={review} dashboardPath={page.dashboardPath} language={page.language} />
      </div>
    ),
    onDone: (review, page) => {
      notify.success(
        i18n.t("Test Submitted"),
        i18n.t("Your score: {{score}}", { score: formatScorePercent(review.attempt.score) }),
      );
      page.showReview(review);
      void page.queryClient.invalidateQueries({ queryKey: queryKeys.results.all });
      void page.queryClient.invalidateQueries({ queryKey: queryKeys.practice.all });
      void page.queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
      // Grading collected (or, for a revision session, rated) the notebook's cards.
      void page.queryClient.invalidateQueries({ queryKey: queryKeys.revision.all });
      window.scrollTo({ top: 0 });
    },
  };
}

/**
 * An All-India live test (decision 047) at its exam's address: its own start screen is
 * the waiting room; submitting seals the result until publication.
 */
const live: AttemptAdapter<LiveRoom> = {
  overviewKey: queryKeys.liveTests.room,
  getOverview: getLiveRoom,
  overviewTries: 3,
  overviewErrorTitle: msg("Error Fetching Exam Data"),
  start: startLiveAttempt,
  onStartError: (error, page) => {
    notify.error(
      i18n.t("Could not enter the live test"),
      errorMessage(error, i18n.t(LIVE_MESSAGES.startConflict)),
    );
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.liveTests.room(page.id) });
  },
  noticesFinalized: false,
  startScreen: (room, actions, page) =>
    room.live ? (
      <LiveRoomScreen
        room={{ ...room, live: room.live }}
        receivedAt={actions.receivedAt}
        onStart={actions.onStart}
        isStarting={actions.isStarting}
        back={toDashboard(page)}
      />
    ) : (
      <Centered text={i18n.t(LIVE_MESSAGES.notFound)} back={toDashboard(page)} />
    ),
  back: toDashboard,
  loadingLabel: msg("Loading exam..."),
  maintenance: exam.maintenance,
  loadFailed: exam.loadFailed,
  noQuestions: exam.noQuestions,
  refused: exam.refused,
  texts: () => ({ noun: "Exam" }),
  exitTo: (page) => `/exam/${page.id}`,
  hasLanguages: true,
  review: (review, page) => (
    <Centered
      text={i18n.t(LIVE_MESSAGES.resultsSealed, {
        time: formatIndiaDateTime(review.sealedUntil ?? review.attempt.deadlineAt),
      })}
      back={{ to: `/exam/${page.id}`, label: i18n.t("Back to the live test") }}
    />
  ),
  onDone: (review, page) => {
    notify.success(i18n.t("Exam Submitted"));
    page.showReview(review);
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.liveTests.all });
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.revision.all });
    window.scrollTo({ top: 0 });
  },
};

type OverviewOf = {
  exam: ExamOverview;
  quiz: QuizOverview;
  practice: SetOverview;
  revision: SetOverview;
  live: LiveRoom;
};

export const ATTEMPT_ADAPTERS: { [K in AttemptKind]: AttemptAdapter<OverviewOf[K]> } = {
  exam,
  quiz,
  practice: setAdapter("practice", {
    home: "/student/practice",
    backLabel: msg("Back to Practice"),
    kicker: msg("Practice test"),
    messages: PRACTICE_MESSAGES,
  }),
  revision: setAdapter("revision", {
    home: "/student/revision",
    backLabel: msg("Back to Revision"),
    kicker: msg("Revision session"),
    messages: REVISION_MESSAGES,
  }),
  live,
};
