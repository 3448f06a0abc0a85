import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { NoteData, VideoData } from "../../../../shared/library.ts";
import { putRawWithProgress } from "./put-raw.ts";

export const adminNotesQueryOptions = (filter: ListFilter & { kind?: string }) =>
  pagedListQuery(queryKeys.library.adminNotes.list(filter), api.admin.notes, filter, {
    meta: { errorToast: { title: msg("Error loading notes") } },
  });
export type AdminNoteRow = PageRow<typeof adminNotesQueryOptions>;

export function useAdminNote(noteId: string) {
  return useQuery({
    queryKey: queryKeys.library.adminNotes.detail(noteId),
    queryFn: () => unwrap(api.admin.notes[":id"].$get({ param: { id: noteId } })),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.library.adminNotes.all });
    await queryClient.invalidateQueries({ queryKey: queryKeys.library.adminVideos.all });
    await queryClient.invalidateQueries({ queryKey: queryKeys.library.notes.all });
    await queryClient.invalidateQueries({ queryKey: queryKeys.library.videos.all });
  };
}

/** The note and its optional PDF in one multipart request (the server checks both together). */
export function useSaveNote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, data, file }: { id?: string; data: NoteData; file?: File }) => {
      const form = { data: JSON.stringify(data), ...(file ? { file } : {}) };
      return id
        ? unwrap(api.admin.notes[":id"].$put({ param: { id }, form }))
        : unwrap(api.admin.notes.$post({ form }));
    },
    onSuccess: refresh,
  });
}

export function useDeleteNote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.notes[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

/** Toolbar images in the note editor go where the news editor's go (public news images). */
export function uploadEditorImage(file: File) {
  return unwrap(api.news.images.$post({ form: { file } }));
}

export const adminVideosQueryOptions = (filter: ListFilter & { kind?: string }) =>
  pagedListQuery(queryKeys.library.adminVideos.list(filter), api.admin.videos, filter, {
    meta: { errorToast: { title: msg("Error loading videos") } },
  });
export type AdminVideoRow = PageRow<typeof adminVideosQueryOptions>;

/**
 * Saves the lesson, then (for an upload) sends its file with a progress bar and its poster. The
 * file goes as the raw body of a PUT, which the server streams to storage.
 */
export function useSaveVideo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: {
      id?: string;
      data: VideoData;
      file?: File;
      poster?: File;
      onProgress: (fraction: number) => void;
    }) => {
      const saved = input.id
        ? await unwrap(api.admin.videos[":id"].$put({ param: { id: input.id }, json: input.data }))
        : await unwrap(api.admin.videos.$post({ json: input.data }));
      if (input.file && input.data.source === "upload") {
        await putRawWithProgress({
          url: `/api/admin/videos/${saved.id}/file`,
          file: input.file,
          onProgress: input.onProgress,
        });
      }
      if (input.poster) {
        await unwrap(
          api.admin.videos[":id"].poster.$post({
            param: { id: saved.id },
            form: { file: input.poster },
          }),
        );
      }
      return saved;
    },
    onSettled: refresh,
  });
}

export function useDeleteVideo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.videos[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
