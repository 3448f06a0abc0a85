import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { FILE_CHECK_MESSAGES } from "../../shared/uploads.ts";
import type { Db } from "../db/client.ts";
import { uploadCounts } from "../db/schema/upload-counts.ts";
import { AppError } from "../lib/app-error.ts";
import type { AppEnv } from "../lib/context.ts";
import { policyOf } from "../lib/route-policy.ts";

/** How many uploads one user may make in a window (every upload route, drafts included). */
export type UploadRate = { uploads: number; windowSeconds: number };

/** UPLOADS_PER_10_MINUTES's default. */
export const UPLOAD_RATE_DEFAULTS: UploadRate = { uploads: 30, windowSeconds: 10 * 60 };

/**
 * Counts one upload by `userId` and says how long they must wait, or 0 when it may go on. One
 * statement in a fixed window kept in the database, so instances racing on the same user each add
 * their upload (DESIGN rule 14), as the sign-in throttle counts failures (auth/account-throttle.ts).
 */
export async function countUpload(
  db: Db,
  userId: string,
  now: Date,
  limit: UploadRate,
): Promise<number> {
  const windowEnded = sql`${uploadCounts.windowStart} <= ${now}::timestamptz - make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(uploadCounts)
    .values({ userId, windowStart: now, uploads: 1 })
    .onConflictDoUpdate({
      target: uploadCounts.userId,
      set: {
        windowStart: sql`case when ${windowEnded} then ${now}::timestamptz else ${uploadCounts.windowStart} end`,
        uploads: sql`case when ${windowEnded} then 1 else ${uploadCounts.uploads} + 1 end`,
      },
    })
    .returning({ windowStart: uploadCounts.windowStart, uploads: uploadCounts.uploads });
  if (!row || row.uploads <= limit.uploads) return 0;
  const endsAt = row.windowStart.getTime() + limit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}

/**
 * The upload routes' per-user rate (decision 057), app-wide after the viewer is known: a request
 * to a route that declared `countsAsUpload` (storage/upload-limit.ts) by a signed-in user is
 * counted before its body is read; past the limit it gets 429 with Retry-After and nothing is
 * read or stored. A request with no viewer is left to the route's guard.
 */
export function uploadRate(
  db: Db,
  options: { rate: UploadRate; now: () => Date },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const viewer = c.get("viewer");
    if (!viewer || !policyOf(c).countsAsUpload) return next();
    const wait = await countUpload(db, viewer.userId, options.now(), options.rate);
    if (wait > 0) {
      throw new AppError(
        "RATE_LIMITED",
        { key: FILE_CHECK_MESSAGES.tooManyUploads, values: { minutes: Math.ceil(wait / 60) } },
        { retryAfterSeconds: wait },
        { retryAfterSeconds: wait },
      );
    }
    await next();
  };
}
