import { sql } from "drizzle-orm";
import { JOIN_OPENS_MINUTES, REMINDER_LEAD_MINUTES } from "../../../shared/live-classes.ts";
import { LIVE_CLASS_NOTICE_MINUTES, QUIET_HOURS } from "../../../shared/notifications.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { liveClasses, liveClassReminders } from "../../db/schema/live-classes.ts";
import { notificationPlans } from "../../db/schema/notifications.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { revisionCards } from "../../db/schema/revision.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { endOfIndiaDay, indiaHour } from "./quiet-hours.ts";

const DAY_MS = 86_400_000;
/** Finished outbox rows are kept this long (the cap and the dedupe need a day or two). */
const KEEP_DAYS = 30;

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const isoText = (column: unknown) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** The columns every planned row sets, in this order: created, due and first try at `now`. */
const COLUMNS = sql.raw(
  "user_id, kind, payload, dedupe_key, created_at, due_at, next_try_at, expires_at",
);

/**
 * A plan made once a day across all instances: the key is inserted inside the plan's own
 * transaction, so a second instance waits for the first to commit and then finds the key there.
 */
async function once(db: Db, key: string, plan: (tx: DbOrTx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .insert(notificationPlans)
      .values({ key })
      .onConflictDoNothing()
      .returning({ key: notificationPlans.key });
    if (taken.length === 0) return false;
    await plan(tx);
    return true;
  });
}

/** Today's quiz (India's day, with questions) once it is visible: one row per student. */
async function planQuizLive(db: Db, now: Date): Promise<void> {
  const today = publicationDay(now);
  const [quiz] = await db
    .select({ id: quizzes.id, title: quizzes.title, titleHi: quizzes.titleHi })
    .from(quizzes)
    .where(sql`${quizzes.publishedOn} = ${today} and ${quizzes.questionCount} > 0`)
    .orderBy(quizzes.createdAt)
    .limit(1);
  if (!quiz) return;
  const data = { title: quiz.title, titleHi: quiz.titleHi ?? "", url: `/quiz/${quiz.id}/attempt` };
  await once(db, `quizLive:${today}`, async (tx) => {
    await tx.execute(sql`
      insert into ${outbox} (${COLUMNS})
      select p.id, 'quizLive', ${JSON.stringify(data)}::jsonb, 'quizLive:' || ${today} || ':' || p.id,
             ${iso(now)}, ${iso(now)}, ${iso(now)}, ${iso(endOfIndiaDay(now))}
        from ${profiles} p
       where p.role = 'student'
      on conflict (dedupe_key) do nothing`);
  });
}

/** Cards due by the end of India's day, counted once a day after the quiet hours. */
async function planRevisionDue(db: Db, now: Date): Promise<void> {
  if (indiaHour(now) < QUIET_HOURS.endHour) return;
  const today = publicationDay(now);
  const end = endOfIndiaDay(now);
  await once(db, `revisionDue:${today}`, async (tx) => {
    await tx.execute(sql`
      insert into ${outbox} (${COLUMNS})
      select c.user_id, 'revisionDue',
             jsonb_build_object('count', count(*)::int, 'url', '/student/revision'),
             'revisionDue:' || ${today} || ':' || c.user_id,
             ${iso(now)}, ${iso(now)}, ${iso(now)}, ${iso(end)}
        from ${revisionCards} c
       where c.mastered_at is null and c.due < ${iso(end)}
       group by c.user_id
      on conflict (dedupe_key) do nothing`);
    // Once a day, the finished messages of a month ago go too.
    await tx.execute(sql`
      delete from ${outbox}
       where status <> 'pending'
         and created_at < ${iso(new Date(now.getTime() - KEEP_DAYS * DAY_MS))}`);
  });
}

/** Classes starting within the notice whose "Remind me" the student set: one push per class. */
async function planLiveClass(db: Db, now: Date): Promise<void> {
  const soon = new Date(now.getTime() + LIVE_CLASS_NOTICE_MINUTES * 60_000);
  await db.execute(sql`
    insert into ${outbox} (${COLUMNS})
    select r.user_id, 'liveClass',
           jsonb_build_object('title', l.title, 'titleHi', coalesce(l.title_hi, ''),
                              'startsAt', ${isoText(sql`l.starts_at`)}, 'url', '/live-classes'),
           'liveClass:' || l.id::text || ':' || r.user_id,
           ${iso(now)}, ${iso(now)}, ${iso(now)}, l.starts_at
      from ${liveClassReminders} r
      join ${liveClasses} l on l.id = r.live_class_id
     where l.starts_at > ${iso(now)} and l.starts_at <= ${iso(soon)}
    on conflict (dedupe_key) do nothing`);
}

/**
 * The "Remind me" mail, REMINDER_LEAD_MINUTES before a class (and again when the class moves:
 * moving it clears `sent_at`): the reminder is marked and its mail enqueued in one statement, so
 * two instances never enqueue it twice, and the start time is part of the dedupe key.
 */
async function planLiveClassMail(db: Db, now: Date): Promise<void> {
  const soon = new Date(now.getTime() + REMINDER_LEAD_MINUTES * 60_000);
  await db.execute(sql`
    with due as (
      update ${liveClassReminders} r set sent_at = ${iso(now)}
        from ${liveClasses} l
       where l.id = r.live_class_id and r.sent_at is null
         and l.starts_at > ${iso(now)} and l.starts_at <= ${iso(soon)}
      returning r.user_id, l.id, l.title, l.teacher, l.starts_at
    )
    insert into ${outbox} (${COLUMNS})
    select d.user_id, 'liveClassMail',
           jsonb_build_object('title', d.title, 'teacher', d.teacher,
                              'startsAt', ${isoText(sql`d.starts_at`)},
                              'minutes', ${JOIN_OPENS_MINUTES}::int, 'url', '/live-classes'),
           'liveClassMail:' || d.id::text || '@' || ${isoText(sql`d.starts_at`)} || ':' || d.user_id,
           ${iso(now)}, ${iso(now)}, ${iso(now)}, d.starts_at
      from due d
    on conflict (dedupe_key) do nothing`);
}

/**
 * Enqueues the scheduled messages that have become due since the last sweep. Every insert is
 * idempotent (the outbox's dedupe key, and the once-a-day plan keys), so every instance may run
 * this at once. Messages that follow a change (an evaluation published, a support answer) are
 * enqueued by that change's own transaction, not here.
 */
export async function planReminders(db: Db, now: Date): Promise<void> {
  await planQuizLive(db, now);
  await planRevisionDue(db, now);
  await planLiveClass(db, now);
  await planLiveClassMail(db, now);
}
