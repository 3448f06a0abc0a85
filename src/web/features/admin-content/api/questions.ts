import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { QuestionImportInput, QuestionInput } from "../../../../shared/exams.ts";
import type { QuestionBulkTagInput } from "../../../../shared/taxonomy.ts";

export type QuestionFilter = ListFilter & {
  examId?: string;
  quizId?: string;
  /** A subject's id, or "none" for questions without one. */
  subjectId?: string;
  topicId?: string;
  difficulty?: string;
  year?: string;
};

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

/** "Tag selected": one subject/topic and/or difficulty on many questions, all or none. */
export function useTagQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuestionBulkTagInput) =>
      unwrap(api.admin.questions.tag.$post({ json: input })),
    onSuccess: () =>
      Promise.all([
        invalidate(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.subjects.all }),
      ]),
  });
}

/** An import (or its dry run): the target, the file as chosen, and the dialog's choices. */
export type CsvImportInput = {
  examId: string | null;
  quizId: string | null;
  /** Sent as it is on disk: the server decodes it (shared/csv-text.ts), as the preview did. */
  file: File;
  skipDuplicates?: boolean;
  createMissingTags?: boolean;
  dryRun?: boolean;
};

type QuestionImportForm = Omit<QuestionImportInput, "examId" | "quizId"> & {
  examId?: string;
  quizId?: string;
};

/** The import's multipart form (a target left out rather than sent empty). */
function importForm(input: CsvImportInput): QuestionImportForm {
  const flag = (value: boolean | undefined) =>
    value === undefined ? undefined : value ? "true" : "false";
  return {
    file: input.file,
    ...(input.examId ? { examId: input.examId } : {}),
    ...(input.quizId ? { quizId: input.quizId } : {}),
    skipDuplicates: flag(input.skipDuplicates),
    createMissingTags: flag(input.createMissingTags),
    dryRun: flag(input.dryRun),
  };
}

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CsvImportInput) =>
      unwrap(api.admin.questions.import.$post({ form: importForm(input) })),
    // Created subjects and topics, and new counts, show on the taxonomy page and in the selects.
    onSuccess: () =>
      Promise.all([
        invalidate(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.subjects.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.subjectOptions }),
      ]),
  });
}

/**
 * The server's dry run of an import (valid rows, skipped rows, duplicates against the target's
 * questions as they are now). `fileId` names the file read, so the CSV text stays out of the key.
 */
export function useImportPreview(
  input: {
    examId: string | null;
    quizId: string | null;
    file: File;
    createMissingTags: boolean;
  } | null,
  fileId: number,
) {
  return useQuery({
    // Not under queryKeys.admin.questions.all: an import invalidates those, and this must not re-send the file.
    queryKey: queryKeys.admin.csvImportPreview(
      input?.examId ?? null,
      input?.quizId ?? null,
      fileId,
      input?.createMissingTags ?? false,
    ),
    queryFn: () =>
      unwrap(
        api.admin.questions.import.$post({
          // Enabled only with an input.
          form: importForm({ ...(input as NonNullable<typeof input>), dryRun: true }),
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
