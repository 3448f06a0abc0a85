import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { SubjectInput, TopicInput } from "../../../../shared/taxonomy.ts";

/** The taxonomy with question counts, a page of subjects at a time (Subjects and Topics). */
export const adminSubjectsQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.admin.subjects.list(filter), api.admin.subjects, filter);
export type AdminSubject = PageRow<typeof adminSubjectsQueryOptions>;
export type AdminTopic = AdminSubject["topics"][number];

/** Subjects and topics by name, for the question form and the list's filters. */
const fetchSubjectOptions = () => unwrap(api.subjects.$get());
export const subjectOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.subjectOptions,
  queryFn: fetchSubjectOptions,
});
export type SubjectOption = Awaited<ReturnType<typeof fetchSubjectOptions>>[number];
export function useSubjectOptions() {
  return useQuery(subjectOptionsQueryOptions);
}

/** After a taxonomy change: the page, every subject select, and question rows showing names. */
function useInvalidateTaxonomy() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.subjects.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.subjectOptions }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.questions.all }),
    ]);
}

export function useSaveSubject() {
  const invalidate = useInvalidateTaxonomy();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SubjectInput }) =>
      id
        ? unwrap(api.admin.subjects[":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin.subjects.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useDeleteSubject() {
  const invalidate = useInvalidateTaxonomy();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.subjects[":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}

/** Create a topic under `subjectId`, or rename topic `id`. */
export function useSaveTopic() {
  const invalidate = useInvalidateTaxonomy();
  return useMutation({
    mutationFn: (args: { id?: string; subjectId: string; input: TopicInput }) =>
      args.id
        ? unwrap(
            api.admin.subjects.topics[":id"].$put({ param: { id: args.id }, json: args.input }),
          )
        : unwrap(
            api.admin.subjects[":id"].topics.$post({
              param: { id: args.subjectId },
              json: args.input,
            }),
          ),
    onSuccess: invalidate,
  });
}

export function useDeleteTopic() {
  const invalidate = useInvalidateTaxonomy();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.subjects.topics[":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}

export function useMergeTopic() {
  const invalidate = useInvalidateTaxonomy();
  return useMutation({
    mutationFn: ({ id, targetTopicId }: { id: string; targetTopicId: string }) =>
      unwrap(
        api.admin.subjects.topics[":id"].merge.$post({ param: { id }, json: { targetTopicId } }),
      ),
    onSuccess: invalidate,
  });
}
