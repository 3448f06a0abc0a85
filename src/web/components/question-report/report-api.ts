import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { ReportInput } from "../../../shared/question-report-schemas.ts";
import { MAX_REPORT_STATE_IDS } from "../../../shared/question-reports.ts";

const fetchStates = (questionIds: string[]) =>
  unwrap(api["question-reports"].states.$get({ query: { questionIds: questionIds.join(",") } }));

/** A student's report as they read it (the list's rows and each question's state). */
export type MyReport = NonNullable<Awaited<ReturnType<typeof fetchStates>>["states"][string]>;

type Waiting = { resolve: (state: MyReport | null) => void; reject: (error: unknown) => void };
const waiting = new Map<string, Waiting[]>();
let flushing: ReturnType<typeof setTimeout> | null = null;

/** Sends the questions asked for since the last round, up to 100 a request. */
async function flush() {
  flushing = null;
  const batch = new Map(waiting);
  waiting.clear();
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += MAX_REPORT_STATE_IDS) {
    const chunk = ids.slice(start, start + MAX_REPORT_STATE_IDS);
    try {
      const { states } = await fetchStates(chunk);
      for (const id of chunk) for (const w of batch.get(id) ?? []) w.resolve(states[id] ?? null);
    } catch (error) {
      for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(error);
    }
  }
}

/**
 * One question's report state. A review shows the button under every question: the questions
 * asked for in the same moment go in one request (`GET /api/question-reports/states`).
 */
function loadState(questionId: string): Promise<MyReport | null> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(questionId) ?? [];
    list.push({ resolve, reject });
    waiting.set(questionId, list);
    if (flushing === null) flushing = setTimeout(() => void flush(), 0);
  });
}

export const reportStateQueryOptions = (questionId: string) =>
  queryOptions({
    queryKey: queryKeys.questionReports.state(questionId),
    queryFn: () => loadState(questionId),
    staleTime: 60_000,
  });

/** The student's latest report on the question (open, or answered), or null. */
export function useReportState(questionId: string) {
  return useQuery(reportStateQueryOptions(questionId));
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInput) => unwrap(api["question-reports"].$post({ json: input })),
    onSuccess: (report) => {
      queryClient.setQueryData(queryKeys.questionReports.state(report.questionId), report);
      return queryClient.invalidateQueries({ queryKey: queryKeys.questionReports.allMine });
    },
    // Refused (reported already, in another tab): the button shows what is stored.
    onError: (_error, input) =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.questionReports.state(input.questionId),
      }),
  });
}
