import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { ModerationInput } from "../../../../shared/mains-calibration-schemas.ts";

/** A test's agreement, moderation and turnaround (GET /api/admin/mains-tests/:id/calibration). */
export const calibrationQueryOptions = (testId: string) =>
  queryOptions({
    queryKey: queryKeys.mainsTests.adminCalibration(testId),
    queryFn: () =>
      unwrap(api.admin["mains-tests"][":id"].calibration.$get({ param: { id: testId } })),
    meta: { errorToast: { title: msg("Error loading the marking calibration") } },
  });
export type Calibration = Awaited<
  ReturnType<NonNullable<ReturnType<typeof calibrationQueryOptions>["queryFn"]>>
>;
export type CalibrationMentor = Calibration["mentors"][number];

export function useCalibration(testId: string) {
  return useQuery(calibrationQueryOptions(testId));
}

/** Sets or clears a mentor's correction for the test; the page reloads its figures. */
export function useModeration(testId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.adminCalibration(testId) });
  const set = useMutation({
    mutationFn: (input: ModerationInput) =>
      unwrap(
        api.admin["mains-tests"][":id"].moderation.$put({ param: { id: testId }, json: input }),
      ),
    onSuccess: refresh,
  });
  const clear = useMutation({
    mutationFn: (mentorId: string) =>
      unwrap(
        api.admin["mains-tests"][":id"].moderation[":mentorId"].$delete({
          param: { id: testId, mentorId },
        }),
      ),
    onSuccess: refresh,
  });
  return { set, clear };
}
