import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "./api.ts";
import { queryKeys } from "./query-keys.ts";

/**
 * Subjects and their topics by name (GET /api/subjects, any signed-in user): the mentor's queue
 * filter and the Mains question form, which sit in different features.
 */
const fetchSubjectOptions = () => unwrap(api.subjects.$get());
export const subjectOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.subjectOptions,
  queryFn: fetchSubjectOptions,
});
export type SubjectOption = Awaited<ReturnType<typeof fetchSubjectOptions>>[number];

export function useSubjectOptions() {
  return useQuery(subjectOptionsQueryOptions);
}

/** The subject's topics (none without a subject). */
export function topicsOf(subjects: SubjectOption[], subjectId: string) {
  return subjects.find((s) => s.id === subjectId)?.topics ?? [];
}
