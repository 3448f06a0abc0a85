import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { LiveRegistrationInput } from "../../../../shared/live-test-schemas.ts";
import { startWithRetry } from "../lib/live-start.ts";

/**
 * A live test's waiting room (decision 047): its schedule, the student's registration and entry
 * time, later their attempt and published rank. Served from the instance's cache; `live` is null
 * for an ordinary exam. Kept a few seconds, so moving between pages does not ask again.
 */
export function getLiveRoom(examId: string) {
  return unwrap(api["live-tests"][":examId"].$get({ param: { examId } }));
}
export type LiveRoom = Awaited<ReturnType<typeof getLiveRoom>>;

export const liveRoomQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: queryKeys.liveTests.room(examId),
    queryFn: () => getLiveRoom(examId),
    staleTime: 5_000,
  });

export function registerForLiveTest(examId: string, json: LiveRegistrationInput) {
  return unwrap(api["live-tests"][":examId"].registration.$post({ param: { examId }, json }));
}

/**
 * Starts the live test at the student's entry time (or resumes their attempt); a start the
 * server's queue turns away as busy is tried again in a moment (`startWithRetry`).
 */
export function startLiveAttempt(examId: string) {
  return startWithRetry(() =>
    unwrap(api["live-tests"][":examId"].attempts.$post({ param: { examId } })),
  );
}

export const leaderboardQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: queryKeys.liveTests.leaderboard(examId),
    queryFn: () => unwrap(api["live-tests"][":examId"].leaderboard.$get({ param: { examId } })),
    staleTime: 60_000,
  });
