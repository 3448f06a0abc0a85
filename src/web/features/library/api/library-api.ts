import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { pageQuery } from "@web/lib/page-query.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { readerTimeZone } from "@web/lib/time-zone.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** The reader's time zone: a read or a watched minute counts on the student's own day. */
export const browserTimeZone = readerTimeZone;

export type NoteFilter = {
  kind?: "notes" | "current_affairs";
  subjectId?: string;
  topicId?: string;
  q?: string;
  bookmarked?: boolean;
  page: number;
  pageSize: number;
};

const fetchNotes = (filter: NoteFilter) =>
  unwrap(
    api.notes.$get({
      query: pageQuery({
        ...filter,
        bookmarked: filter.bookmarked ? "true" : undefined,
      }),
    }),
  );
export type NotePage = Awaited<ReturnType<typeof fetchNotes>>;
export type NoteCardData = NotePage["items"][number];

export const notesQueryOptions = (filter: NoteFilter) =>
  queryOptions({
    queryKey: queryKeys.library.notes.list(filter),
    queryFn: () => fetchNotes(filter),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: msg("Error loading notes") } },
  });

export function useNoteProgress() {
  return useQuery({
    queryKey: queryKeys.library.notes.progress,
    queryFn: () => unwrap(api.notes.progress.$get()),
  });
}

const fetchNote = (noteId: string) => unwrap(api.notes[":id"].$get({ param: { id: noteId } }));
export type NoteDetail = Awaited<ReturnType<typeof fetchNote>>;

export function useNote(noteId: string) {
  return useQuery({
    queryKey: queryKeys.library.notes.detail(noteId),
    queryFn: () => fetchNote(noteId),
  });
}

/** Bookmark and read toggles refresh every list, the note and the progress. */
function useRefreshNotes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.library.notes.all });
}

export function useToggleBookmark() {
  const refresh = useRefreshNotes();
  return useMutation({
    mutationFn: ({ noteId, saved }: { noteId: string; saved: boolean }) =>
      saved
        ? unwrap(api.notes[":id"].bookmark.$put({ param: { id: noteId } }))
        : unwrap(api.notes[":id"].bookmark.$delete({ param: { id: noteId } })),
    onSuccess: refresh,
  });
}

export function useToggleRead() {
  const refresh = useRefreshNotes();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, read }: { noteId: string; read: boolean }) =>
      read
        ? unwrap(
            api.notes[":id"].read.$put({ param: { id: noteId }, json: { tz: browserTimeZone() } }),
          )
        : unwrap(api.notes[":id"].read.$delete({ param: { id: noteId } })),
    onSuccess: async () => {
      await refresh();
      // Reading counts toward the streak on the home page and the dashboard.
      await queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
    },
  });
}

export type VideoFilter = {
  kind?: "lesson" | "current_affairs";
  subjectId?: string;
  page: number;
  pageSize: number;
};

const fetchVideos = (filter: VideoFilter) => unwrap(api.videos.$get({ query: pageQuery(filter) }));
export type VideoCardData = Awaited<ReturnType<typeof fetchVideos>>["items"][number];

export const videosQueryOptions = (filter: VideoFilter) =>
  queryOptions({
    queryKey: queryKeys.library.videos.list(filter),
    queryFn: () => fetchVideos(filter),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: msg("Error loading videos") } },
  });

const fetchVideo = (videoId: string) => unwrap(api.videos[":id"].$get({ param: { id: videoId } }));
export type VideoDetail = Awaited<ReturnType<typeof fetchVideo>>;

export function useVideo(videoId: string) {
  return useQuery({
    queryKey: queryKeys.library.videos.detail(videoId),
    queryFn: () => fetchVideo(videoId),
    // The player owns the position once open; a refetch must not seek it back.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useToggleWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ videoId, watched }: { videoId: string; watched: boolean }) =>
      watched
        ? unwrap(
            api.videos[":id"].watched.$put({
              param: { id: videoId },
              json: { tz: browserTimeZone() },
            }),
          )
        : unwrap(api.videos[":id"].watched.$delete({ param: { id: videoId } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.library.videos.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
    },
  });
}
