import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { EvaluationSettings, MainsPaper, RubricPart } from "../../../../shared/evaluation.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

export const ADMIN_COPY_FILTERS = ["pending", "overdue", "evaluated"] as const;
export type AdminCopyFilter = (typeof ADMIN_COPY_FILTERS)[number];

/** Pending, overdue and evaluated counts, turnaround overall and per mentor (decision 042). */
export const evaluationSummaryQueryOptions = queryOptions({
  queryKey: queryKeys.evaluationAdmin.summary,
  queryFn: () => unwrap(api.admin.evaluations.summary.$get()),
  meta: { errorToast: { title: msg("Error loading the evaluation summary") } },
});
export type EvaluationSummary = Awaited<
  ReturnType<NonNullable<typeof evaluationSummaryQueryOptions.queryFn>>
>;
export function useEvaluationSummary() {
  return useQuery(evaluationSummaryQueryOptions);
}

/** One page of copies in one state: pending and overdue oldest first, evaluated newest first. */
export const adminCopiesQueryOptions = (status: AdminCopyFilter) => (filter: ListFilter) =>
  pagedListQuery(
    queryKeys.evaluationAdmin.copies.list(filter, status),
    api.admin.evaluations,
    { ...filter, status },
    { meta: { errorToast: { title: msg("Error loading answer copies") } } },
  );
export type AdminCopy = PageRow<ReturnType<typeof adminCopiesQueryOptions>>;

/** To another mentor (a fresh claim), or back to the queue (`mentorId` null). */
export function useReassignCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ copyId, mentorId }: { copyId: string; mentorId: string | null }) =>
      unwrap(
        api.admin.evaluations[":id"].reassign.$post({ param: { id: copyId }, json: { mentorId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.evaluationAdmin.all }),
  });
}

export const evaluationSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.evaluationAdmin.settings,
  queryFn: () => unwrap(api.admin["evaluation-settings"].$get()),
  meta: { errorToast: { title: msg("Error loading the evaluation settings") } },
});
export type EvaluationConfig = Awaited<
  ReturnType<NonNullable<typeof evaluationSettingsQueryOptions.queryFn>>
>;
export function useEvaluationSettings() {
  return useQuery(evaluationSettingsQueryOptions);
}

export function useSaveEvaluationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EvaluationSettings) =>
      unwrap(api.admin["evaluation-settings"].$put({ json: input })),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.evaluationAdmin.settings, saved),
  });
}

export function useSaveRubric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paper, parts }: { paper: MainsPaper; parts: RubricPart[] }) =>
      unwrap(
        api.admin["evaluation-settings"].rubrics[":paper"].$put({
          param: { paper },
          json: { parts },
        }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.evaluationAdmin.settings, saved),
  });
}
