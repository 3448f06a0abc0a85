import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** The mentor's desk: copies they hold, follow-ups waiting for them, their latest evaluations. */
export const mentorDeskQueryOptions = queryOptions({
  queryKey: queryKeys.mentor.desk,
  queryFn: () => unwrap(api.mentor.desk.$get()),
  meta: { errorToast: { title: msg("Error loading your evaluations") } },
});
export type MentorDesk = Awaited<ReturnType<NonNullable<typeof mentorDeskQueryOptions.queryFn>>>;
export type DeskCopy = MentorDesk["held"][number];
export function useMentorDesk() {
  return useQuery(mentorDeskQueryOptions);
}

/** What admins allow mentors (publishing Mains questions). */
export const mentorSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.mentor.settings,
  queryFn: () => unwrap(api.mentor.settings.$get()),
});
export function useMentorSettings() {
  return useQuery(mentorSettingsQueryOptions);
}

/** The mentor answers a student's one follow-up question on a copy they evaluated. */
export function useAnswerFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ copyId, answer }: { copyId: string; answer: string }) =>
      unwrap(
        api.mentor.copies[":id"]["follow-up-answer"].$post({
          param: { id: copyId },
          json: { answer },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mentor.desk }),
  });
}
