import { LoadingState } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { i18n } from "@web/lib/i18n.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { lazy, Suspense } from "react";
import { msg } from "../../../../shared/i18n/msg.ts";
import { MAINS_TEST_MESSAGES } from "../../../../shared/mains-test-messages.ts";
import { getMainsOverview, type MainsOverview, startMainsAttempt } from "../api/mains-tests.ts";
import { Centered, toDashboard } from "./common.tsx";
import { examScreens } from "./exam.tsx";
import { ATTEMPT_KIND_FACTS } from "./facts.ts";
import type { AttemptKindModule } from "./kind.ts";

// A Mains test's start screen and booklet (the paper, the upload, the page map): loaded when a
// Mains test is opened, so no other kind's page carries them.
const MainsStartScreen = lazy(() =>
  import("../mains/mains-start-screen.tsx").then((m) => ({ default: m.MainsStartScreen })),
);
const BookletSession = lazy(() =>
  import("../mains/booklet-session.tsx").then((m) => ({ default: m.BookletSession })),
);

const mainsTestsPath = "/student/mains-tests";
const toMainsTests = () => ({ to: mainsTestsPath, label: i18n.t("Back to Mains tests") });

/**
 * A full-length Mains test (decision 063): written on paper, then one booklet uploaded before the
 * deadline; its session is the paper and the booklet, not the question runner.
 */
export const mains: AttemptKindModule<MainsOverview> = {
  ...ATTEMPT_KIND_FACTS.mains,
  overviewKey: queryKeys.mainsTests.overview,
  getOverview: getMainsOverview,
  overviewTries: 3,
  overviewErrorTitle: null,
  start: startMainsAttempt,
  onStartError: (error, page) => {
    notify.error(
      i18n.t("Could not start the Mains test"),
      errorMessage(error, i18n.t(MAINS_TEST_MESSAGES.startConflict)),
    );
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.all });
  },
  noticesFinalized: false,
  startScreen: (overview, actions, page) => (
    <Suspense fallback={<LoadingState label={i18n.t("Loading the Mains test...")} />}>
      <MainsStartScreen overview={overview} actions={actions} back={toMainsTests()} page={page} />
    </Suspense>
  ),
  session: (session, page) =>
    session.kind === "mains" ? (
      <Suspense fallback={<LoadingState label={i18n.t("Loading the Mains test...")} />}>
        <BookletSession session={session} page={page} />
      </Suspense>
    ) : (
      examScreens.loadFailed(null, page)
    ),
  back: toMainsTests,
  loadingLabel: msg("Loading the Mains test..."),
  ...examScreens,
  noQuestions: (page) => (
    <Centered text={i18n.t(MAINS_TEST_MESSAGES.noQuestions)} back={toDashboard(page)} />
  ),
  texts: () => ({ noun: "Exam" }),
  exitTo: () => mainsTestsPath,
  hasLanguages: true,
  review: (_review, page) => {
    page.navigate(`${mainsTestsPath}/${page.id}/result`);
    return null;
  },
  onDone: (_review, page) => {
    void page.queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.all });
    page.navigate(`${mainsTestsPath}/${page.id}/result`);
  },
};
