import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CourseInput } from "../../shared/courses.ts";
import { msg } from "../../shared/i18n/msg.ts";
import { api, unwrap } from "./api.ts";
import { type PageRow, pagedListQuery } from "./page-query.ts";
import { type ListFilter, queryKeys } from "./query-keys.ts";

/** Courses (decision 043): the list at /courses, a course at /courses/{slug}, the admins' list. */
export const coursesQueryOptions = queryOptions({
  queryKey: queryKeys.courses.list,
  queryFn: () => unwrap(api.courses.$get()),
  meta: { errorToast: { title: msg("Error loading courses") } },
});
export type CourseCard = Awaited<
  ReturnType<NonNullable<typeof coursesQueryOptions.queryFn>>
>[number];

export const courseQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.courses.detail(slug),
    queryFn: () => unwrap(api.courses[":slug"].$get({ param: { slug } })),
  });

export function useEnrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => unwrap(api.courses[":slug"].enrol.$post({ param: { slug } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.courses.all }),
  });
}

export const adminCoursesQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.admin.courses.list(filter), api.admin.courses, filter, {
    meta: { errorToast: { title: msg("Error loading courses") } },
  });
export type AdminCourseRow = PageRow<typeof adminCoursesQueryOptions>;

export const adminCourseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.courses.detail(id),
    queryFn: () => unwrap(api.admin.courses[":id"].$get({ param: { id } })),
  });

export type PickableKind = "note" | "video" | "live_class" | "exam" | "quiz";
export const courseItemOptionsQueryOptions = (kind: PickableKind) =>
  queryOptions({
    queryKey: queryKeys.admin.courses.itemOptions(kind),
    queryFn: () => unwrap(api.admin.courses["item-options"].$get({ query: { kind } })),
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.courses.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.courses.all }),
    ]);
}

export function useSaveCourse() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CourseInput }) =>
      id
        ? unwrap(api.admin.courses[":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin.courses.$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useDeleteCourse() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.courses[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

/** The plans a premium course can be included in (the first 100, for the course form). */
export const planChoicesQueryOptions = pagedListQuery(
  queryKeys.admin.plans.list({ page: 1, pageSize: 100 }),
  api.admin["subscription-plans"],
  { page: 1, pageSize: 100 },
);

/** Pictures in a course's description go where the news pictures go (admins only). */
export const uploadCourseImage = (file: File) => unwrap(api.news.images.$post({ form: { file } }));
