import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { uploadWithProgress } from "@web/lib/upload-with-progress.ts";
import type { BookletDraftInput } from "../../../../shared/mains-test-schemas.ts";

/**
 * A Mains attempt's booklet (decision 063): read it (after a reload too), upload a file, remove
 * one, save the draft (order, turns, page map, typed answers) and submit it.
 */
const booklet = api["mains-tests"].attempts[":attemptId"].booklet;

export const bookletQueryOptions = (attemptId: string) =>
  queryOptions({
    queryKey: queryKeys.mainsTests.booklet(attemptId),
    queryFn: () => unwrap(booklet.$get({ param: { attemptId } })),
  });

export function useBooklet(attemptId: string | null) {
  return useQuery({ ...bookletQueryOptions(attemptId ?? ""), enabled: Boolean(attemptId) });
}
export type Booklet = NonNullable<ReturnType<typeof useBooklet>["data"]>;
export type BookletFile = Booklet["files"][number];

/** What the server says of one uploaded file. */
export type UploadedBookletFile = { bookletId: string; file: BookletFile };

/** Uploads one photo or the PDF, reporting its progress. */
export function uploadBookletFile(
  attemptId: string,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  return uploadWithProgress({
    url: `/api/mains-tests/attempts/${encodeURIComponent(attemptId)}/booklet/files`,
    file,
    onProgress,
    signal,
  }) as Promise<UploadedBookletFile>;
}

export function deleteBookletFile(attemptId: string, fileId: string) {
  return unwrap(booklet.files[":fileId"].$delete({ param: { attemptId, fileId } }));
}

export type BookletDraft = {
  files: { id: string; rotation: 0 | 90 | 180 | 270 }[];
  answers: { testQuestionId: string; startPage: number | null; typedText: string | null }[];
};

/** Saves the draft; the answer is the booklet as it now stands. */
export function useSaveBookletDraft(attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: BookletDraft) =>
      unwrap(booklet.$put({ param: { attemptId }, json: draft satisfies BookletDraftInput })),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.mainsTests.booklet(attemptId), data),
  });
}

/** Submits the booklet; the answer holds the promised results date. */
export function useSubmitBooklet(attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: BookletDraft) =>
      unwrap(booklet.submit.$post({ param: { attemptId }, json: draft })),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.mainsTests.booklet(attemptId), data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.list() });
    },
  });
}
