import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export const homeQuizzesQueryOptions = queryOptions({
  queryKey: queryKeys.home.quizzes,
  queryFn: () => unwrap(api.home.quizzes.$get()),
});
export const useHomeQuizzes = () => useQuery(homeQuizzesQueryOptions);

export const previousYearPapersQueryOptions = queryOptions({
  queryKey: queryKeys.home.previousYearPapers,
  queryFn: () => unwrap(api.home["previous-year-papers"].$get()),
});
export const usePreviousYearPapers = () => useQuery(previousYearPapersQueryOptions);

type Section = "full_length" | "gs" | "csat" | "chapter";
export const mockTestsQueryOptions = (section: Section | "") =>
  queryOptions({
    queryKey: queryKeys.home.mockTests(section),
    queryFn: () => unwrap(api.home["mock-tests"].$get({ query: section ? { section } : {} })),
    placeholderData: (previous) => previous,
  });
export const useMockTests = (section: Section | "") => useQuery(mockTestsQueryOptions(section));

export const resumableAttemptsQueryOptions = queryOptions({
  queryKey: queryKeys.home.resume,
  queryFn: () => unwrap(api.home.resume.$get()),
});
export const useResumableAttempts = (enabled: boolean) =>
  useQuery({ ...resumableAttemptsQueryOptions, enabled });

// The three newest analyses; the home page links Daily News, which had no way in but its URL.
export const latestNewsQueryOptions = queryOptions({
  queryKey: queryKeys.home.latestNews,
  queryFn: async () => (await unwrap(api.news.$get({ query: { page: "1", pageSize: "3" } }))).items,
});
export const useLatestNews = () => useQuery(latestNewsQueryOptions);

/** A visitor's sample of the product: first questions of free papers, never their keys. */
export const sampleQuestionsQueryOptions = queryOptions({
  queryKey: queryKeys.home.sampleQuestions,
  queryFn: () => unwrap(api.home["sample-questions"].$get()),
});
export const useSampleQuestions = (enabled: boolean) =>
  useQuery({ ...sampleQuestionsQueryOptions, enabled });

/** The active plans (public), for a visitor's home page. */
export const homePlansQueryOptions = queryOptions({
  queryKey: queryKeys.subscriptions.plans,
  queryFn: () => unwrap(api.subscriptions.plans.$get()),
});
export const useHomePlans = (enabled: boolean) => useQuery({ ...homePlansQueryOptions, enabled });
