import { ApiError } from "@web/lib/api.ts";
import { formatScorePercent } from "@web/lib/format.ts";
import { i18n } from "@web/lib/i18n.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { AttemptSession, SetOverview } from "../api/attempts.ts";
import { setStartModel } from "../components/exam-start-screen.tsx";
import { Centered, summaryReview } from "./common.tsx";
import type { AttemptKindFacts, AttemptKindModule } from "./kind.ts";

/**
 * A practice test or a revision session: the student's own draw from the bank (decision 041).
 * Submitting shows the exam's summary (score, marks, the review and the analysis) in place.
 */
export function setKind(set: {
  facts: AttemptKindFacts;
  /** The query key's kind part (`queryKeys.setOverview`). */
  keyPart: string;
  getOverview: (id: string) => Promise<SetOverview>;
  start: (id: string) => Promise<AttemptSession>;
  home: string;
  backLabel: string;
  kicker: string;
  messages: { notFound: string; startConflict: string };
}): AttemptKindModule<SetOverview> {
  const back = () => ({ to: set.home, label: i18n.t(set.backLabel) });
  const { notFound } = set.messages;
  return {
    ...set.facts,
    overviewKey: (id) => queryKeys.setOverview(set.keyPart, id),
    getOverview: set.getOverview,
    overviewTries: 3,
    overviewErrorTitle: null,
    start: set.start,
    onStartError: (error) => {
      if (!(error instanceof ApiError && error.status === 404))
        notify.error(
          i18n.t("Error Starting Test"),
          i18n.t(error.message || set.messages.startConflict),
        );
    },
    noticesFinalized: true,
    startModel: (overview) => setStartModel(overview, i18n.t(set.kicker)),
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
    exitTo: () => set.home,
    hasLanguages: true,
    review: summaryReview,
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
