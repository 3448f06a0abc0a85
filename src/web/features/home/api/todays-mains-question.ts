import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

/** The first page of one of the Mains questions: today's question (decision 042), for the card. */
const FILTER = { page: 1, pageSize: 1 };

export const todaysMainsQuestionQueryOptions = queryOptions({
  queryKey: queryKeys.answerEvaluation.questions(FILTER),
  queryFn: () =>
    unwrap(
      api["answer-evaluation"].$get({
        query: { page: String(FILTER.page), pageSize: String(FILTER.pageSize) },
      }),
    ),
});

/** Asked only for a signed-in student (the route is theirs alone). */
export const useTodaysMainsQuestion = (enabled: boolean) =>
  useQuery({ ...todaysMainsQuestionQueryOptions, enabled });
