import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { ResolveInput } from "../../../../shared/question-report-schemas.ts";
import type { QueueFilter } from "../../../../shared/question-reports.ts";

/** The queue: open reports by question (oldest first), or the answered ones (latest first). */
export const reportQueueQueryOptions = (status: QueueFilter) => (filter: ListFilter) =>
  pagedListQuery(
    queryKeys.admin.questionReports.list(filter, status),
    api.admin["question-reports"],
    { ...filter, status },
    { meta: { errorToast: { title: msg("Error loading question reports") } } },
  );
export type QueueGroup = PageRow<ReturnType<typeof reportQueueQueryOptions>>;

/** Answers every open report of a question at once; the queue (and students' states) refresh. */
export function useResolveReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, input }: { questionId: string; input: ResolveInput }) =>
      unwrap(
        api.admin["question-reports"].questions[":questionId"].resolve.$post({
          param: { questionId },
          json: input,
        }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.questionReports.all }),
  });
}
