import { api, unwrap } from "@web/lib/api.ts";

/** A Mains test's start screen (decision 063): read only, as every kind's. */
export function getMainsOverview(testId: string) {
  return unwrap(api["mains-tests"][":id"].overview.$get({ param: { id: testId } }));
}
export type MainsOverview = Awaited<ReturnType<typeof getMainsOverview>>;

/** Starts the Mains test (or resumes the student's attempt): its paper and booklet. */
export function startMainsAttempt(testId: string) {
  return unwrap(api["mains-tests"][":id"].attempts.$post({ param: { id: testId } }));
}
