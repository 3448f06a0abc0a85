import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { pagedListQuery } from "@web/lib/page-query.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type {
  PyqAnswerInput,
  PyqAnswerResult,
  PyqFilters,
  PyqQuestionPage,
  PyqTrend,
} from "../../../../shared/pyq.ts";
import { type ExplorerFilter, filterQuery } from "../lib/pyq-filter.ts";

/** Questions per page of the explorer. */
export const PYQ_PAGE_SIZE = 10;

const ERROR_TOAST = { errorToast: { title: msg("Error fetching data") } };

export const pyqFiltersQueryOptions = queryOptions({
  queryKey: queryKeys.pyq.filters,
  queryFn: (): Promise<PyqFilters> => unwrap(api.pyq.filters.$get()),
  meta: ERROR_TOAST,
});

export function usePyqFilters() {
  return useQuery(pyqFiltersQueryOptions);
}

/** The topic-by-year counts for the filter's subject and years (not its topic: all its topics). */
export const pyqTrendQueryOptions = (filter: ExplorerFilter) => {
  const { subjectId, fromYear, toYear } = filterQuery(filter);
  const query = { subjectId, fromYear, toYear };
  return queryOptions({
    queryKey: queryKeys.pyq.trend(query),
    queryFn: (): Promise<PyqTrend> =>
      unwrap(
        api.pyq.trend.$get({
          query: {
            ...(subjectId ? { subjectId } : {}),
            ...(fromYear ? { fromYear: String(fromYear) } : {}),
            ...(toYear ? { toYear: String(toYear) } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
    meta: ERROR_TOAST,
  });
};

export function usePyqTrend(filter: ExplorerFilter) {
  return useQuery(pyqTrendQueryOptions(filter));
}

/** A page of questions: no key until answered (the server sends it with the verdict). */
export const pyqQuestionsQueryOptions = (filter: ExplorerFilter) => {
  const query = { ...filterQuery(filter), page: filter.page, pageSize: PYQ_PAGE_SIZE };
  return pagedListQuery<PyqQuestionPage, ReturnType<typeof queryKeys.pyq.questions.list>>(
    queryKeys.pyq.questions.list(query),
    api.pyq.questions,
    query,
    { meta: ERROR_TOAST },
  );
};

export function usePyqQuestions(filter: ExplorerFilter) {
  return useQuery(pyqQuestionsQueryOptions(filter));
}

/**
 * Answers one question. The verdict (the first one, if it was answered before) goes into every
 * cached page that holds the question, so the card shows it without loading the page again.
 */
export function useAnswerPyq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PyqAnswerInput): Promise<PyqAnswerResult> =>
      unwrap(api.pyq.answers.$post({ json: input })),
    onSuccess: (result) => {
      queryClient.setQueriesData<PyqQuestionPage>(
        { queryKey: queryKeys.pyq.questions.all },
        (page) =>
          page && {
            ...page,
            items: page.items.map((q) =>
              q.id === result.questionId ? { ...q, answer: result.answer } : q,
            ),
          },
      );
    },
  });
}
