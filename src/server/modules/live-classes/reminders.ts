import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import { isUiLanguage } from "../../../shared/i18n/languages.ts";
import { JOIN_OPENS_MINUTES, REMINDER_LEAD_MINUTES } from "../../../shared/live-classes.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { liveClasses, liveClassReminders } from "../../db/schema/live-classes.ts";
import { profiles } from "../../db/schema/profiles.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { liveClassReminderEmail } from "../../mail/templates.ts";

/** At most this many mails a sweep; the next sweep takes the rest. */
const BATCH = 200;

export type SendDueLiveClassRemindersInput = {
  deps: { mailer: Mailer; logger: Logger; publicUrl: string };
  now?: Date;
};

/**
 * The reminder sweeper (every sweep interval): reminders of classes starting within
 * REMINDER_LEAD_MINUTES (and not yet started) are claimed and mailed. The claim sets `sent_at`
 * in a transaction that skips rows another instance holds, so two instances never mail the same
 * reminder; a mail that fails is logged, not retried (the student also has the calendar alarm).
 */
export async function sendDueLiveClassReminders(
  db: Db,
  { deps, now = new Date() }: SendDueLiveClassRemindersInput,
): Promise<number> {
  const soon = new Date(now.getTime() + REMINDER_LEAD_MINUTES * 60_000);
  const due = await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        userId: liveClassReminders.userId,
        liveClassId: liveClassReminders.liveClassId,
        title: liveClasses.title,
        teacher: liveClasses.teacher,
        startsAt: liveClasses.startsAt,
      })
      .from(liveClassReminders)
      .innerJoin(liveClasses, eq(liveClasses.id, liveClassReminders.liveClassId))
      .where(
        and(
          isNull(liveClassReminders.sentAt),
          gt(liveClasses.startsAt, now),
          lte(liveClasses.startsAt, soon),
        ),
      )
      .limit(BATCH)
      .for("update", { of: liveClassReminders, skipLocked: true });
    for (const classId of new Set(rows.map((r) => r.liveClassId))) {
      const users = rows.filter((r) => r.liveClassId === classId).map((r) => r.userId);
      await tx
        .update(liveClassReminders)
        .set({ sentAt: now })
        .where(
          and(
            eq(liveClassReminders.liveClassId, classId),
            inArray(liveClassReminders.userId, users),
          ),
        );
    }
    return rows;
  });
  if (due.length === 0) return 0;
  const recipients = await db
    .select({ id: user.id, email: user.email, uiLanguage: profiles.uiLanguage })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(
      inArray(
        user.id,
        due.map((r) => r.userId),
      ),
    );
  const byId = new Map(recipients.map((r) => [r.id, r]));
  let sent = 0;
  for (const reminder of due) {
    const recipient = byId.get(reminder.userId);
    if (!recipient?.email) continue;
    const mail = liveClassReminderEmail(
      recipient.email,
      {
        title: reminder.title,
        teacher: reminder.teacher,
        startsAt: reminder.startsAt,
        minutes: JOIN_OPENS_MINUTES,
        url: `${deps.publicUrl}/live-classes`,
      },
      isUiLanguage(recipient.uiLanguage) ? recipient.uiLanguage : "en",
    );
    try {
      await deps.mailer.send(mail);
      sent += 1;
    } catch (error) {
      deps.logger.warn("live class reminder not sent", { error: String(error) });
    }
  }
  return sent;
}
