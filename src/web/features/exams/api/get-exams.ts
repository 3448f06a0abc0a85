import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export type ExamFilter = {
  search?: string;
  categoryId?: string;
  filter?: "mock" | "pyp" | "paused" | "series";
  category?: string;
  year?: string;
  subject?: string;
};

export const examsQueryOptions = (filter: ExamFilter) =>
  queryOptions({
    queryKey: queryKeys.exams.available(filter),
    queryFn: () => unwrap(api.exams.$get({ query: filter })),
    placeholderData: (previous) => previous,
  });

export function useAvailableExams(filter: ExamFilter) {
  return useQuery(examsQueryOptions(filter));
}

export type AvailableExam = NonNullable<ReturnType<typeof useAvailableExams>["data"]>[number];
