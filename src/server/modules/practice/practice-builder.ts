import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "../../../shared/home.ts";
import type { MarkedText } from "../../../shared/i18n/msg.ts";
import {
  FREE_PRACTICE_PER_MONTH,
  PRACTICE_MARKS_PER_QUESTION,
  PRACTICE_MESSAGES,
  PRACTICE_NEGATIVE_FRACTION,
  type PracticeRequest,
  UNTIMED_WINDOW_SECONDS,
} from "../../../shared/practice.ts";
import { PLANS_PATH } from "../../../shared/subscriptions.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  examAttempts,
  exams,
  questionSetItems,
  questionSets,
  questions,
  studentAnswers,
} from "../../db/schema/exams.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { keyLockedSql } from "../answer-keys/key-gate.ts";
import { findActiveSubscription } from "../entitlements/entitlement.ts";

type Who = Pick<Viewer, "userId" | "role">;

/** A question's previous-year paper year: its own tag, else its paper's year (a 'pyp' exam). */
export const pyqYearOf = sql`coalesce(${questions.pyqYear}, case when ${exams.kind} = 'pyp' then ${exams.year} end)`;

/** From a premium exam or quiz: drawn only for students whose plan opens premium content. */
const isPremium = sql`(coalesce(${exams.isFree}, true) = false or coalesce(${quizzes.isFree}, true) = false)`;

/** The first moment of the current calendar month in India (the audience's month). */
function monthStart(now: Date) {
  return sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${DEFAULT_TIME_ZONE}) at time zone ${DEFAULT_TIME_ZONE})`;
}

export type PracticeAllowanceInput = {
  viewer: Who;
  now: Date;
};

/** This month's practice tests and the student's allowance (null: unlimited). */
export async function practiceAllowance(db: DbOrTx, { viewer, now }: PracticeAllowanceInput) {
  const [[used], subscription] = await Promise.all([
    db
      .select({ n: count() })
      .from(questionSets)
      .where(
        and(
          eq(questionSets.userId, viewer.userId),
          eq(questionSets.kind, "practice"),
          sql`${questionSets.createdAt} >= ${monthStart(now)}`,
        ),
      ),
    viewer.role === "admin" ? null : findActiveSubscription(db, { userId: viewer.userId, now }),
  ]);
  const limit =
    viewer.role === "admin"
      ? null
      : subscription
        ? subscription.practiceLimit
        : FREE_PRACTICE_PER_MONTH;
  return {
    used: used?.n ?? 0,
    limit,
    hasPlan: viewer.role === "admin" || subscription !== null,
  };
}

/**
 * The bank's questions the request asks for, as a condition: subjects (narrowed to the chosen
 * topics where a topic of that subject was chosen), sources and years, difficulty, and the
 * student's own history. Quizzes count only once published to students; a live test's exam only
 * once its results are out.
 */
async function matching(db: DbOrTx, userId: string, request: PracticeRequest, now: Date) {
  const where: SQL[] = [
    // A practice test's review shows its keys: nothing whose key the answer-keys gate locks
    // (decision 060: in one of the student's open attempts, a live test whose results are not
    // out, a quiz not yet published).
    // Admins trying the builder out are held like students: a practice test is a student's view.
    sql`not ${keyLockedSql({ userId, role: "student" }, now)}`,
  ];

  if (request.subjectIds.length || request.topicIds.length) {
    const chosenTopics = request.topicIds.length
      ? await db
          .select({ id: topics.id, subjectId: topics.subjectId })
          .from(topics)
          .where(inArray(topics.id, request.topicIds))
      : [];
    const narrowed = new Set(chosenTopics.map((t) => t.subjectId));
    const wholeSubjects = request.subjectIds.filter((id) => !narrowed.has(id));
    const parts: SQL[] = [];
    if (chosenTopics.length)
      parts.push(
        inArray(
          questions.topicId,
          chosenTopics.map((t) => t.id),
        ),
      );
    if (wholeSubjects.length) parts.push(inArray(questions.subjectId, wholeSubjects));
    // Only unknown ids were chosen: nothing matches (rather than everything).
    where.push(parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);
  }

  const isPyq = sql`${pyqYearOf} is not null`;
  const sources: SQL[] = [];
  for (const source of request.sources) {
    if (source === "pyq") {
      const years: SQL[] = [isPyq];
      if (request.fromYear !== null) years.push(sql`${pyqYearOf} >= ${request.fromYear}`);
      if (request.toYear !== null) years.push(sql`${pyqYearOf} <= ${request.toYear}`);
      sources.push(sql`(${sql.join(years, sql` and `)})`);
    } else if (source === "mock") {
      sources.push(sql`(${questions.examId} is not null and not ${isPyq})`);
    } else {
      sources.push(sql`(${questions.quizId} is not null and not ${isPyq})`);
    }
  }
  where.push(sql`(${sql.join(sources, sql` or `)})`);

  if (request.difficulties.length) where.push(inArray(questions.difficulty, request.difficulties));

  // The student's answers: a range of exam_attempts_user_completed_idx, then each attempt's
  // answers by the (attempt, question) key; a small hashed set against the bank.
  const mine = (extra: SQL) => sql`(select ${studentAnswers.questionId} from ${examAttempts}
      join ${studentAnswers} on ${studentAnswers.attemptId} = ${examAttempts.id}
     where ${examAttempts.userId} = ${userId} and ${extra})`;
  if (request.scope === "unseen") where.push(sql`${questions.id} not in ${mine(sql`true`)}`);
  if (request.scope === "wrong")
    where.push(
      sql`${questions.id} in ${mine(
        sql`${examAttempts.completedAt} is not null and ${studentAnswers.selectedAnswer} is not null and not coalesce(${studentAnswers.isCorrect}, false)`,
      )}`,
    );
  return and(...where) as SQL;
}

export type DrawQuestionsInput = {
  userId: string;
  request: PracticeRequest;
  allowPremium: boolean;
  now: Date;
};

/**
 * Draws up to `count` questions at random from those matching, leaving out premium ones when
 * the student's plan does not open them; says how many were left out. One statement.
 */
export async function drawQuestions(db: DbOrTx, input: DrawQuestionsInput) {
  const where = await matching(db, input.userId, input.request, input.now);
  const allowed = input.allowPremium ? sql`true` : sql`not c.premium`;
  const result = await db.execute(sql`
    with c as (
      select ${questions.id} as id, ${isPremium} as premium
        from ${questions}
        left join ${exams} on ${exams.id} = ${questions.examId}
        left join ${quizzes} on ${quizzes.id} = ${questions.quizId}
       where ${where}
    ),
    picked as (select c.id from c where ${allowed} order by random() limit ${input.request.questionCount})
    select picked.id::text as id, null::int as "leftOut" from picked
    union all
    select null, (select count(*) from c where not (${allowed}))::int`);
  const rows = (result as unknown as { rows: { id: string | null; leftOut: number | null }[] })
    .rows;
  return {
    ids: rows.flatMap((r) => (r.id ? [r.id] : [])),
    leftOutPremium: Number(rows.find((r) => r.id === null)?.leftOut ?? 0),
  };
}

/** The set's title: what was chosen, by name (topics, else subjects), or "All subjects". */
async function titleFor(db: DbOrTx, request: PracticeRequest) {
  const names = request.topicIds.length
    ? await db
        .select({ name: topics.name })
        .from(topics)
        .where(inArray(topics.id, request.topicIds))
    : request.subjectIds.length
      ? await db
          .select({ name: subjects.name })
          .from(subjects)
          .where(inArray(subjects.id, request.subjectIds))
      : [];
  if (!names.length) return "All subjects";
  const shown = names
    .map((n) => n.name)
    .sort((a, b) => a.localeCompare(b))
    .slice(0, 3)
    .join(", ");
  return names.length > 3 ? `${shown} +${names.length - 3}` : shown;
}

export type BuildPracticeInput = { viewer: Who; request: PracticeRequest; now?: Date };

/**
 * POST /api/practice: builds a practice test from the bank for the student and returns its id;
 * `/practice/{id}` then starts it on the engine like an exam. The month's allowance is counted
 * under a lock of the student's profile row, so two builds at once cannot both pass the last
 * slot. Nothing is written when the allowance is used up or nothing matches.
 */
export async function buildPractice(db: Db, input: BuildPracticeInput) {
  const now = input.now ?? new Date();
  const { viewer, request } = input;
  return db.transaction(async (tx) => {
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, viewer.userId))
      .for("update");
    const allowance = await practiceAllowance(tx, { viewer, now });
    if (allowance.limit !== null && allowance.used >= allowance.limit) {
      const text: MarkedText = {
        key: allowance.hasPlan
          ? PRACTICE_MESSAGES.limitReached
          : PRACTICE_MESSAGES.freeLimitReached,
        values: { count: allowance.limit },
      };
      throw new AppError("FORBIDDEN", text, {
        reason: "PRACTICE_LIMIT_REACHED",
        plansUrl: PLANS_PATH,
      });
    }
    const drawn = await drawQuestions(tx, {
      userId: viewer.userId,
      request,
      allowPremium: allowance.hasPlan,
      now,
    });
    if (!drawn.ids.length) {
      throw new AppError("VALIDATION_FAILED", PRACTICE_MESSAGES.noMatch, {
        leftOutPremium: drawn.leftOutPremium,
      });
    }
    const n = drawn.ids.length;
    const [set] = await tx
      .insert(questionSets)
      .values({
        userId: viewer.userId,
        kind: "practice",
        title: await titleFor(tx, request),
        timed: request.timed,
        timeLimitSeconds: request.timed
          ? Math.max(60, Math.round(n * request.minutesPerQuestion * 60))
          : UNTIMED_WINDOW_SECONDS,
        marksPerQuestion: request.negativeMarking ? PRACTICE_MARKS_PER_QUESTION.toFixed(2) : null,
        negativeMarkFraction: request.negativeMarking
          ? PRACTICE_NEGATIVE_FRACTION.toFixed(4)
          : null,
        questionCount: n,
        filters: request,
        leftOutPremium: drawn.leftOutPremium,
        createdAt: now,
      })
      .returning({ id: questionSets.id });
    if (!set) throw new Error("practice set not created");
    await tx
      .insert(questionSetItems)
      .values(drawn.ids.map((questionId, position) => ({ setId: set.id, questionId, position })));
    return {
      id: set.id,
      questionCount: n,
      asked: request.questionCount,
      leftOutPremium: drawn.leftOutPremium,
    };
  });
}
