import { sql } from "drizzle-orm";
import { LIVE_CLASS_NOTICE_MINUTES, QUIET_HOURS } from "../../../shared/notifications.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { answerCopies } from "../../db/schema/evaluation.ts";
import { liveClasses, liveClassReminders } from "../../db/schema/live-classes.ts";
import { notificationDeliveries, notificationPlans } from "../../db/schema/notifications.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { revisionCards } from "../../db/schema/revision.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { endOfIndiaDay, indiaHour } from "./quiet-hours.ts";

const DAY_MS = 86_400_000;
/** An evaluated answer is announced within this long of its publishing (then it is old news). */
const EVALUATED_WINDOW_MS = DAY_MS;
/** Delivery rows are kept this long (the cap and the dedupe need a day or two). */
const KEEP_DAYS = 30;

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

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
      insert into ${notificationDeliveries} (user_id, type, ref, data, not_before, expires_at)
      select p.id, 'quizLive', ${today}, ${JSON.stringify(data)}::jsonb, ${iso(now)}, ${iso(endOfIndiaDay(now))}
        from ${profiles} p
       where p.role = 'student'
      on conflict do nothing`);
  });
}

/** Cards due by the end of India's day, counted once a day after the quiet hours. */
async function planRevisionDue(db: Db, now: Date): Promise<void> {
  if (indiaHour(now) < QUIET_HOURS.endHour) return;
  const today = publicationDay(now);
  const end = endOfIndiaDay(now);
  await once(db, `revisionDue:${today}`, async (tx) => {
    await tx.execute(sql`
      insert into ${notificationDeliveries} (user_id, type, ref, data, not_before, expires_at)
      select c.user_id, 'revisionDue', ${today},
             jsonb_build_object('count', count(*)::int, 'url', '/student/revision'),
             ${iso(now)}, ${iso(end)}
        from ${revisionCards} c
       where c.mastered_at is null and c.due < ${iso(end)}
       group by c.user_id
      on conflict do nothing`);
    // Once a day, the old log goes too.
    await tx.execute(sql`
      delete from ${notificationDeliveries}
       where created_at < ${iso(new Date(now.getTime() - KEEP_DAYS * DAY_MS))}`);
  });
}

/** Copies evaluated in the last day (the partial index on evaluated_at), one row per copy. */
async function planAnswerEvaluated(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${notificationDeliveries} (user_id, type, ref, data, not_before, expires_at)
    select c.user_id, 'answerEvaluated', c.id::text,
           jsonb_build_object('url', '/student/answer-evaluation/' || c.question_id::text),
           ${iso(now)}, ${iso(new Date(now.getTime() + 3 * DAY_MS))}
      from ${answerCopies} c
     where c.status = 'evaluated'
       and c.evaluated_at > ${iso(new Date(now.getTime() - EVALUATED_WINDOW_MS))}
       and c.evaluated_at <= ${iso(now)}
       and not exists (select 1 from ${notificationDeliveries} d
                        where d.user_id = c.user_id and d.type = 'answerEvaluated'
                          and d.ref = c.id::text)
    on conflict do nothing`);
}

/** Classes starting within the notice whose "Remind me" the student set: one row per class. */
async function planLiveClass(db: Db, now: Date): Promise<void> {
  const soon = new Date(now.getTime() + LIVE_CLASS_NOTICE_MINUTES * 60_000);
  await db.execute(sql`
    insert into ${notificationDeliveries} (user_id, type, ref, data, not_before, expires_at)
    select r.user_id, 'liveClass', l.id::text,
           jsonb_build_object('title', l.title, 'titleHi', coalesce(l.title_hi, ''),
                              'startsAt', to_char(l.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                              'url', '/live-classes'),
           ${iso(now)}, l.starts_at
      from ${liveClassReminders} r
      join ${liveClasses} l on l.id = r.live_class_id
     where l.starts_at > ${iso(now)} and l.starts_at <= ${iso(soon)}
       and not exists (select 1 from ${notificationDeliveries} d
                        where d.user_id = r.user_id and d.type = 'liveClass'
                          and d.ref = l.id::text)
    on conflict do nothing`);
}

/**
 * Queues what has become due since the last sweep. Every insert is idempotent (the unique
 * user/type/ref, and the once-a-day plan keys), so every instance may run this at once.
 */
export async function planReminders(db: Db, now: Date): Promise<void> {
  await planQuizLive(db, now);
  await planRevisionDue(db, now);
  await planAnswerEvaluated(db, now);
  await planLiveClass(db, now);
}
