import { LoadingState } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatIndiaDateTime } from "@web/lib/format.ts";
import { i18n } from "@web/lib/i18n.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { lazy, Suspense } from "react";
import { msg } from "../../../../shared/i18n/msg.ts";
import { LIVE_MESSAGES } from "../../../../shared/live-tests.ts";
import { getLiveRoom, type LiveRoom, startLiveAttempt } from "../api/live-tests.ts";
import { Centered, toDashboard } from "./common.tsx";
import { examScreens } from "./exam.tsx";
import { ATTEMPT_KIND_FACTS } from "./facts.ts";
import type { AttemptKindModule } from "./kind.ts";

// The waiting room holds the registration form (the form kit, react-hook-form): loaded when a
// live test is opened, so an ordinary exam's page does not carry it.
const LiveRoomScreen = lazy(() =>
  import("../components/live-room.tsx").then((m) => ({ default: m.LiveRoomScreen })),
);

/**
 * An All-India live test (decision 047) at its exam's address: its own start screen is the
 * waiting room; submitting seals the result until publication.
 */
export const live: AttemptKindModule<LiveRoom> = {
  ...ATTEMPT_KIND_FACTS.live,
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
      <Suspense fallback={<LoadingState label={i18n.t("Loading exam...")} />}>
        <LiveRoomScreen
          room={{ ...room, live: room.live }}
          receivedAt={actions.receivedAt}
          onStart={actions.onStart}
          isStarting={actions.isStarting}
          back={toDashboard(page)}
        />
      </Suspense>
    ) : (
      <Centered text={i18n.t(LIVE_MESSAGES.notFound)} back={toDashboard(page)} />
    ),
  back: toDashboard,
  loadingLabel: msg("Loading exam..."),
  ...examScreens,
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
