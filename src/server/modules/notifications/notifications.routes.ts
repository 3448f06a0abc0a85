import { Hono } from "hono";
import {
  NOTIFICATION_MESSAGES,
  notificationPreferencesSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
  unsubscribeQuerySchema,
} from "../../../shared/notifications.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { openDuringMaintenance } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import {
  accountExists,
  getNotificationSettings,
  getPreferences,
  turnOffReminderEmails,
  updatePreferences,
} from "./preferences.ts";
import { type PushLookup, systemPushLookup } from "./push-endpoint.ts";
import { deleteSubscription, saveSubscription } from "./push-subscriptions.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

export type NotificationRouteDeps = {
  /** The VAPID public key browsers subscribe with. */
  vapidPublicKey: string;
  /** Signs and checks the unsubscribe links. */
  secret: string;
  /** Also take loopback endpoints (a local stand-in push service): PUSH_ALLOW_HTTP_LOOPBACK. */
  allowHttpLoopback: boolean;
  /** Resolves an endpoint's name (default: the system's resolver); tests pass a stub. */
  lookup?: PushLookup;
  now?: () => Date;
};

/**
 * Reminders (decision 044): the public key, this device's subscription and the
 * student's switches (students only), and the one-click unsubscribe of the reminder emails, which
 * needs no session: its signed token is the authority.
 */
export function createNotificationRoutes(db: Db, deps: NotificationRouteDeps) {
  const now = deps.now ?? (() => new Date());
  const student = requireRole("student");
  // A forged or altered token, or one of a deleted account: 400, and nothing is written.
  const userOfToken = async (token: string) => {
    const userId = readUnsubscribeToken(deps.secret, token);
    if (!userId || !(await accountExists(db, userId))) {
      throw new AppError("BAD_REQUEST", NOTIFICATION_MESSAGES.unsubscribeInvalid);
    }
    return userId;
  };
  return (
    new Hono<AppEnv>()
      .get("/vapid-public-key", (c) => c.json({ publicKey: deps.vapidPublicKey }))
      .get("/settings", student, async (c) =>
        c.json(await getNotificationSettings(db, viewerOf(c).userId)),
      )
      .put("/preferences", student, validate("json", notificationPreferencesSchema), async (c) =>
        c.json(
          await updatePreferences(db, {
            userId: viewerOf(c).userId,
            input: c.req.valid("json"),
            now: now(),
          }),
        ),
      )
      .post("/subscriptions", student, validate("json", pushSubscriptionSchema), async (c) => {
        await saveSubscription(db, {
          userId: viewerOf(c).userId,
          input: c.req.valid("json"),
          options: {
            allowHttpLoopback: deps.allowHttpLoopback,
            lookup: deps.lookup ?? systemPushLookup,
            now: now(),
          },
        });
        return c.json(await getNotificationSettings(db, viewerOf(c).userId), 201);
      })
      .delete("/subscriptions", student, validate("json", pushEndpointSchema), async (c) => {
        await deleteSubscription(db, {
          userId: viewerOf(c).userId,
          endpoint: c.req.valid("json").endpoint,
        });
        return c.json(await getNotificationSettings(db, viewerOf(c).userId));
      })
      // The unsubscribe page reads the token first (a link a mail scanner opens changes nothing).
      .get(
        "/unsubscribe",
        openDuringMaintenance,
        validate("query", unsubscribeQuerySchema),
        async (c) => {
          const userId = await userOfToken(c.req.valid("query").token);
          return c.json({ emailFallback: (await getPreferences(db, userId)).emailFallback });
        },
      )
      // The page's button, and mail apps' RFC 8058 one-click POST (body
      // "List-Unsubscribe=One-Click", no cookie, no Origin): the token decides, the body is ignored.
      .post(
        "/unsubscribe",
        openDuringMaintenance,
        validate("query", unsubscribeQuerySchema),
        async (c) => {
          const userId = await userOfToken(c.req.valid("query").token);
          await turnOffReminderEmails(db, { userId, now: now() });
          return c.json({ emailFallback: false });
        },
      )
  );
}
