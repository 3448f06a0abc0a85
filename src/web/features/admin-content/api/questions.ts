import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { QuestionImportInput, QuestionInput } from "../../../../shared/exams.ts";

export type QuestionFilter = ListFilter & { examId?: string; quizId?: string };

export const adminQuestionsQueryOptions = (filter: QuestionFilter) =>
  pagedListQuery(queryKeys.admin.questions.list(filter), api.admin.questions, filter);
export type AdminQuestion = PageRow<typeof adminQuestionsQueryOptions>;

function invalidate(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.questions.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.exams.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.quizzes.all }),
  ]);
}

export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: QuestionInput }) =>
      id
        ? unwrap(api.admin.questions[":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin.questions.$post({ json: input })),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.questions[":id"].$delete({ param: { id } })),
    onSuccess: () => invalidate(queryClient),
  });
}

export type CsvImportInput = QuestionImportInput;

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CsvImportInput) =>
      unwrap(api.admin.questions.import.$post({ json: input })),
    onSuccess: () => invalidate(queryClient),
  });
}

/**
 * The server's dry run of an import (valid rows, skipped rows, duplicates against the target's
 * questions as they are now). `fileId` names the file read, so the CSV text stays out of the key.
 */
export function useImportPreview(
  input: { examId: string | null; quizId: string | null; csv: string } | null,
  fileId: number,
) {
  return useQuery({
    // Not under queryKeys.admin.questions.all: an import invalidates those, and this must not re-send the file.
    queryKey: queryKeys.admin.csvImportPreview(
      input?.examId ?? null,
      input?.quizId ?? null,
      fileId,
    ),
    queryFn: () =>
      unwrap(
        api.admin.questions.import.$post({
          json: {
            examId: input?.examId ?? null,
            quizId: input?.quizId ?? null,
            csv: input?.csv ?? "",
            dryRun: true,
          },
        }),
      ),
    enabled: input !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Downloads served by the app: the header-only template and the example rows. */
export const CSV_TEMPLATE_URL = "/api/admin/questions/csv-template";
export const CSV_EXAMPLE_URL = "/api/admin/questions/csv-example";
