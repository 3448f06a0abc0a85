import { useAuth } from "@web/lib/auth.ts";
import type { AttemptKind } from "../../../../shared/attempt-kinds.ts";
import { ATTEMPT_KIND_FACTS } from "../kinds/facts.ts";

/**
 * The attempt whose review shows "Save for revision": the signed-in student's own completed
 * attempt of a kind whose review feeds the notebook (`reviewFeedsRevision`: not a revision
 * session, whose questions are in the notebook already); an admin reading a student's review gets
 * no toggles.
 */
export function useRevisionToggleAttempt(
  review:
    | {
        status: string;
        kind: AttemptKind;
        attempt: { id: string };
        student?: { id: string } | null;
      }
    | undefined,
): string | undefined {
  const auth = useAuth();
  if (!review || auth.status !== "signed-in" || auth.role !== "student") return undefined;
  const own = review.student?.id === auth.session.user.id;
  return own && review.status === "completed" && ATTEMPT_KIND_FACTS[review.kind].reviewFeedsRevision
    ? review.attempt.id
    : undefined;
}

/**
 * Whether this is the signed-in student's own completed attempt, of any kind: its questions get
 * "Report an error" and their discussion (decision 064; the server's key gate decides each).
 */
export function useOwnCompletedReview(
  review: { status: string; student?: { id: string } | null } | undefined,
): boolean {
  const auth = useAuth();
  if (!review || auth.status !== "signed-in" || auth.role !== "student") return false;
  return review.student?.id === auth.session.user.id && review.status === "completed";
}
