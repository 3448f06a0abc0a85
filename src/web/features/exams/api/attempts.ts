import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap, withTimeout } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { QuestionTime } from "../../../../shared/exams.ts";
import type { PendingAnswer } from "../lib/answer-queue.ts";

/**
 * The start screen: the exam's rules, the student's access and their open attempt. Read only on
 * the server, so loading (or prefetching) it never starts the clock.
 */
export function getExamOverview(examId: string) {
  return unwrap(api.exams[":examId"].overview.$get({ param: { examId } }));
}
export type ExamOverview = Awaited<ReturnType<typeof getExamOverview>>;

/**
 * The start screen's data as the route's loader starts it, beside the page's code (decision 054).
 */
export const examOverviewQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: queryKeys.examOverview(examId),
    queryFn: () => getExamOverview(examId),
  });

/** The quiz's start screen, read only like the exam's. */
export function getQuizOverview(quizId: string) {
  return unwrap(api.quizzes[":quizId"].overview.$get({ param: { quizId } }));
}
export type QuizOverview = Awaited<ReturnType<typeof getQuizOverview>>;

/** Starts the exam or resumes the open attempt (same id, saved answers, remaining time). */
export function startAttempt(examId: string) {
  return unwrap(api.exams[":examId"].attempts.$post({ param: { examId } }));
}
export type AttemptSession = Awaited<ReturnType<typeof startAttempt>>;

/**
 * Saves a batch, with the time totals riding along (decision 036); unanswered after
 * REQUEST_TIMEOUT_MS it fails as a network error (retried).
 */
export function saveAnswers(attemptId: string, answers: PendingAnswer[], times?: QuestionTime[]) {
  return withTimeout((signal) =>
    unwrap(
      api.attempts[":id"].answers.$post(
        { param: { id: attemptId }, json: times?.length ? { answers, times } : { answers } },
        { init: { signal } },
      ),
    ),
  );
}

/** Submits; unanswered after REQUEST_TIMEOUT_MS it fails as a network error (retried). */
export function submitAttempt(attemptId: string) {
  return withTimeout((signal) =>
    unwrap(api.attempts[":id"].submit.$post({ param: { id: attemptId } }, { init: { signal } })),
  );
}
export type AttemptReview = Awaited<ReturnType<typeof submitAttempt>>;

export const attemptQueryOptions = (attemptId: string) =>
  queryOptions({
    queryKey: queryKeys.attempts.detail(attemptId),
    queryFn: () => unwrap(api.attempts[":id"].$get({ param: { id: attemptId } })),
  });

export function useAttempt(attemptId: string) {
  return useQuery(attemptQueryOptions(attemptId));
}

/** Starts the quiz or resumes its open attempt; a new attempt gets the next attempt number. */
export function startQuizAttempt(quizId: string) {
  return unwrap(api.quizzes[":quizId"].attempts.$post({ param: { quizId } }));
}

/** A practice test's or a revision session's start screen (the owner's only). */
export function getSetOverview(kind: "practice" | "revision", id: string) {
  return kind === "practice"
    ? unwrap(api.practice[":id"].overview.$get({ param: { id } }))
    : unwrap(api.revision[":id"].overview.$get({ param: { id } }));
}
export type SetOverview = Awaited<ReturnType<typeof getSetOverview>>;

/** Starts the set or resumes its open attempt. */
export function startSetAttempt(kind: "practice" | "revision", id: string) {
  return kind === "practice"
    ? unwrap(api.practice[":id"].attempts.$post({ param: { id } }))
    : unwrap(api.revision[":id"].attempts.$post({ param: { id } }));
}
