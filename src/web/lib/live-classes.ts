import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { msg } from "../../shared/i18n/msg.ts";
import type { LiveClassInput, LiveClassWhen } from "../../shared/live-classes.ts";
import { api, unwrap } from "./api.ts";
import { type PageRow, pagedListQuery } from "./page-query.ts";
import { type ListFilter, queryKeys } from "./query-keys.ts";

/**
 * Live classes (decision 043): the schedule everyone sees at /live-classes, the class live now or
 * next (home page and dashboard), and the admins' list at /admin/live-classes.
 */
const LIVE_CLASSES_PAGE_SIZE = 12;

/** The /live-classes page's list, from its URL (`?when=past&page=2`). */
export function liveClassesFilterOf(params: URLSearchParams) {
  const when: LiveClassWhen = params.get("when") === "past" ? "past" : "upcoming";
  const page = Math.max(1, Number(params.get("page")) || 1);
  return { when, page, pageSize: LIVE_CLASSES_PAGE_SIZE };
}

export const liveClassesQueryOptions = (filter: {
  when: LiveClassWhen;
  subjectId?: string;
  page: number;
  pageSize: number;
}) =>
  pagedListQuery(queryKeys.liveClasses.list(filter), api["live-classes"], filter, {
    meta: { errorToast: { title: msg("Error loading live classes") } },
  });
export type LiveClassRow = PageRow<typeof liveClassesQueryOptions>;

export const nextLiveClassQueryOptions = queryOptions({
  queryKey: queryKeys.liveClasses.next,
  queryFn: () => unwrap(api["live-classes"].next.$get()),
});

/** Where "Join class" goes: the server checks access, records the join and redirects. */
export const joinPath = (id: string) => `/api/live-classes/${id}/join`;
/** "Add to calendar": an .ics file for the class. */
export const calendarPath = (id: string) => `/api/live-classes/${id}/calendar.ics`;

export function useLiveClassReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) =>
      on
        ? unwrap(api["live-classes"][":id"].reminder.$put({ param: { id } }))
        : unwrap(api["live-classes"][":id"].reminder.$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.liveClasses.all }),
  });
}

export const adminLiveClassesQueryOptions = (
  filter: ListFilter & { when?: "all" | LiveClassWhen },
) =>
  pagedListQuery(queryKeys.admin.liveClasses.list(filter), api.admin["live-classes"], filter, {
    meta: { errorToast: { title: msg("Error loading live classes") } },
  });
export type AdminLiveClassRow = PageRow<typeof adminLiveClassesQueryOptions>;

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.liveClasses.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.liveClasses.all }),
    ]);
}

export function useSaveLiveClass() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: LiveClassInput }) =>
      id
        ? unwrap(api.admin["live-classes"][":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin["live-classes"].$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useDeleteLiveClass() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin["live-classes"][":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
