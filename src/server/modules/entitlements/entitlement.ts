import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";

/** Something a student starts that may be premium: an exam or a current-affairs quiz. */
export type GatedContent = { kind: "exam" | "quiz"; id: string; isFree: boolean };

export const PLANS_PATH = "/student/subscriptions";

export const PREMIUM_REQUIRED_MESSAGE =
  "This is premium content. Subscribe to a plan to unlock it.";

/**
 * The one entitlement rule, used by every start (exam attempts and quiz attempts): free content
 * is open to every signed-in student; premium content needs an admin, or a student whose
 * subscription is active and not past its end date (null end date: lifetime). The subscriptions
 * module refines this with the plan's limits; callers never decide premium access themselves.
 * Throws 403 with a link to the plans page when refused.
 */
export async function assertCanStart(
  db: Db,
  viewer: Pick<Viewer, "userId" | "role">,
  content: GatedContent,
  now: Date = new Date(),
): Promise<void> {
  if (content.isFree || viewer.role === "admin") return;
  const [subscription] = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, viewer.userId),
        eq(userSubscriptions.status, "active"),
        or(isNull(userSubscriptions.endDate), gt(userSubscriptions.endDate, now)),
      ),
    )
    .limit(1);
  if (!subscription) {
    throw new AppError("FORBIDDEN", PREMIUM_REQUIRED_MESSAGE, {
      reason: "PREMIUM_REQUIRED",
      plansUrl: PLANS_PATH,
    });
  }
}
