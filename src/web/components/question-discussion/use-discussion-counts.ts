import { useQueries } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { DISCUSSION_COUNTS_MAX } from "../../../shared/discussions.ts";

/** The counts of up to DISCUSSION_COUNTS_MAX questions, in one request. */
const countsQueryOptions = (questionIds: string) => ({
  queryKey: queryKeys.discussions.counts.of(questionIds),
  queryFn: () => unwrap(api.discussions.counts.$get({ query: { questionIds } })),
  // A review's numbers: a minute old is fresh enough, and a failure costs only the numbers.
  staleTime: 60_000,
});

/**
 * The discussion counts of the reviewed questions (decision 064): one request per
 * DISCUSSION_COUNTS_MAX questions, sorted so the same set is one cache entry. The server leaves
 * out the questions whose discussion the student may not reach; they count 0 here.
 */
export function useDiscussionCounts(
  questionIds: readonly string[],
  enabled: boolean,
): Record<string, number> {
  const ids = [...new Set(questionIds)].sort();
  const chunks: string[] = [];
  for (let i = 0; i < ids.length; i += DISCUSSION_COUNTS_MAX) {
    chunks.push(ids.slice(i, i + DISCUSSION_COUNTS_MAX).join(","));
  }
  const results = useQueries({
    queries: chunks.map((chunk) => ({ ...countsQueryOptions(chunk), enabled })),
  });
  const counts: Record<string, number> = {};
  for (const result of results) Object.assign(counts, result.data?.counts ?? {});
  return counts;
}
