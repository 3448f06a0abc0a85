import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { pageQuery } from "@web/lib/page-query.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

export const MY_REPORTS_PAGE_SIZE = 10;

/** The student's own error reports, newest first, a page at a time. */
export const myReportsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.questionReports.mine(page),
    queryFn: () =>
      unwrap(
        api["question-reports"].$get({
          query: pageQuery({ page, pageSize: MY_REPORTS_PAGE_SIZE }),
        }),
      ),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: msg("Error loading your reports") } },
  });

export function useMyReports(page: number) {
  return useQuery(myReportsQueryOptions(page));
}
