import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LanguageSwitch } from "@web/components/exam/language-switch.tsx";
import { hasHindi } from "@web/components/exam/question-language.ts";
import { LoadingState } from "@web/components/ui/states.tsx";
import { ApiError } from "@web/lib/api.ts";
import { dashboardPathFor, useAuth } from "@web/lib/auth.ts";
import { focusHeading } from "@web/lib/focus-heading.ts";
import { i18n } from "@web/lib/i18n.ts";
import { notify } from "@web/lib/toast.ts";
import { useQuestionLanguage } from "@web/lib/use-question-language.ts";
import { whenIdle } from "@web/lib/yield.ts";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import type { AttemptKind } from "../../../../shared/attempt-kinds.ts";
import type { AttemptReview } from "../api/attempts.ts";
import { liveRoomQueryOptions } from "../api/live-tests.ts";
import { StartScreen } from "../components/exam-start-screen.tsx";
import { ATTEMPT_KIND_MODULES } from "../kinds/index.ts";
import type { AttemptKindModule, PageContext } from "../kinds/kind.ts";

type RunnerModule = typeof import("../components/attempt-runner.tsx");
let runnerModule: RunnerModule | null = null;

/**
 * The runner's code (the question panel, the palette, the answer queue and the dialogs): not part
 * of the start screen, which a phone loads, hydrates and shows without it (the page's Total
 * Blocking Time, decision 054; about a third of the exam page's chunks). It is fetched once the
 * start screen is idle, and Start waits for it before it creates the attempt, so no attempt is ever
 * started that its page cannot show; if the code cannot be loaded, Start fails as it fails offline.
 */
async function loadRunner(): Promise<RunnerModule> {
  runnerModule ??= await import("../components/attempt-runner.tsx");
  return runnerModule;
}

/**
 * The one attempt page, for every kind: the start screen (read only: opening, reloading or
 * prefetching it starts nothing), then the runner once Start (or Resume) created or resumed the
 * attempt. What differs per kind comes from its module (`kinds/`).
 */
export function AttemptPage({ kind, id }: { kind: AttemptKind; id: string }) {
  // One module type for the page: the overview is only handed back to the module that read it.
  const adapter = ATTEMPT_KIND_MODULES[kind] as AttemptKindModule<unknown>;
  // The modules' texts are looked up as the page renders: it renders again when the language changes.
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [review, setReview] = useState<AttemptReview | null>(null);
  const [language, setLanguage] = useQuestionLanguage();
  const page: PageContext = {
    id,
    dashboardPath: auth.status === "signed-in" ? dashboardPathFor(auth.role) : "/",
    isStudent: auth.status === "signed-in" && auth.role === "student",
    navigate,
    queryClient,
    showReview: setReview,
    language,
  };
  const overview = useQuery({
    queryKey: adapter.overviewKey(id),
    queryFn: () => adapter.getOverview(id),
    gcTime: 0,
    retry: (count, error) =>
      !(error instanceof ApiError && error.status < 500) && count < adapter.overviewTries,
  });
  useEffect(() => whenIdle(() => void loadRunner().catch(() => {})), []);
  // Only the Start (or Resume) button creates the attempt; the server resumes an open one.
  const start = useMutation({
    mutationFn: async () => {
      await loadRunner();
      return adapter.start(id);
    },
    onError: (error) => adapter.onStartError(error, page),
  });
  const session = start.data;
  const finalizedAttemptId = adapter.noticesFinalized ? session?.finalizedAttemptId : null;
  useEffect(() => {
    if (finalizedAttemptId) {
      notify.info(
        i18n.t("Previous Attempt Submitted"),
        i18n.t(
          "Your earlier attempt ran out of time and was graded. You can see it in My Results.",
        ),
      );
    }
  }, [finalizedAttemptId]);
  useEffect(() => {
    const error = overview.error;
    const title = adapter.overviewErrorTitle;
    if (title && error instanceof ApiError && error.status !== 404 && error.code !== "MAINTENANCE")
      notify.error(i18n.t(title), i18n.t(error.message));
  }, [overview.error, adapter]);
  // A refusal at Start (a premium exam, a plan's limit) replaces the start screen, whose button
  // may be far down a phone's page: focus, which was on the button that is gone, goes to the
  // refusal's heading, in view (the runner moves focus itself); a refusal without one is shown
  // from the top.
  const refusedAtStart = start.error instanceof ApiError && start.error.status === 403;
  useEffect(() => {
    if (!refusedAtStart) return;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) focusHeading(heading);
    else window.scrollTo({ top: 0 });
  }, [refusedAtStart]);
  // The runner keeps one onDone for its lifetime; it reads the page as it is at submit.
  const pageRef = useRef(page);
  pageRef.current = page;
  const onDone = useCallback(
    (result: AttemptReview) => adapter.onDone(result, pageRef.current),
    [adapter],
  );

  if (review) return adapter.review(review, page);
  if (session && adapter.session) return adapter.session(session, page);
  if (session && runnerModule) {
    const { AttemptRunner } = runnerModule;
    if (session.questions.length === 0) return adapter.noQuestions(page);
    let toolbar: ReactNode = null;
    if (adapter.hasLanguages && hasHindi(session.questions))
      toolbar = <LanguageSwitch value={language} onChange={setLanguage} />;
    return (
      <AttemptRunner
        key={session.attempt.id}
        session={session}
        onDone={onDone}
        texts={adapter.texts(session)}
        exitTo={adapter.exitTo(page)}
        language={adapter.hasLanguages ? language : undefined}
        toolbar={toolbar}
      />
    );
  }
  const refused = start.error ?? overview.error;
  if (refused instanceof ApiError && refused.status === 403) return adapter.refused(refused, page);
  if (overview.isPending) return <LoadingState label={t(adapter.loadingLabel)} />;
  if (overview.error instanceof ApiError && overview.error.code === "MAINTENANCE")
    return adapter.maintenance(page);
  if (overview.isError) return adapter.loadFailed(overview.error, page);
  if (adapter.startScreen)
    return adapter.startScreen(
      overview.data,
      {
        onStart: () => start.mutate(),
        isStarting: start.isPending,
        receivedAt: overview.dataUpdatedAt,
      },
      page,
    );
  if (!adapter.startModel) return adapter.loadFailed(null, page);
  return (
    <StartScreen
      model={adapter.startModel(overview.data)}
      onStart={() => start.mutate()}
      isStarting={start.isPending}
      back={adapter.back(page)}
    />
  );
}

/**
 * `/exam/:examId`: an exam's start screen, or, for an exam scheduled as an All-India live test,
 * its waiting room (decision 047). Which one comes from the waiting room's answer, served from the
 * server's cache (`live` null for an ordinary exam); if it cannot be read, the exam's own.
 */
export function ExamAttemptPage() {
  const { examId = "" } = useParams();
  const { t } = useTranslation();
  const room = useQuery(liveRoomQueryOptions(examId));
  if (room.isPending) return <LoadingState label={t("Loading exam...")} />;
  return <AttemptPage kind={room.data?.live ? "live" : "exam"} id={examId} />;
}

export function PracticeAttemptPage() {
  const { practiceId = "" } = useParams();
  return <AttemptPage kind="practice" id={practiceId} />;
}

/** `/student/mains-tests/:testId`: a Mains test's start screen, then its paper and booklet. */
export function MainsAttemptPage() {
  const { testId = "" } = useParams();
  return <AttemptPage kind="mains" id={testId} />;
}

/** `/revision/:revisionId`: a revision session of the student's due cards (decision 041). */
export function RevisionAttemptPage() {
  const { revisionId = "" } = useParams();
  return <AttemptPage kind="revision" id={revisionId} />;
}
