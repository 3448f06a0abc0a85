import { type SQL, sql } from "drizzle-orm";
import type { Role } from "../../../shared/constants.ts";
import type { KeyHold } from "../../../shared/key-gate.ts";
import {
  type QuestionTranslations,
  withoutExplanations,
} from "../../../shared/question-translations.ts";
import type { DbOrTx } from "../../db/client.ts";
import { questions } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { findActiveSubscription } from "../entitlements/entitlement.ts";

/**
 * The one gate between a student and a question's answer key (decision 060). Every path that
 * sends a correct answer, an explanation or a verdict (is this answer right) asks it; nothing
 * else decides. A key is held from a student while:
 *
 * - `open_attempt`: one of their open attempts (any kind) contains the question;
 * - `live_unpublished`: its exam is an All-India live test whose results are not out;
 * - `unpublished`: its quiz is not yet published to students;
 * - `unanswered`: they have neither completed an attempt that contains it nor answered it in the
 *   previous-year explorer;
 * - `premium`: its exam or quiz is premium, they answered it outside an attempt (the explorer),
 *   and they no longer hold a plan.
 *
 * Admins are never held. `scripts/check-key-gate.ts`'s rule (in lint) refuses a server file
 * that reads a key column without this module, and `key-gate.api.test.ts` asks every route of
 * the app as a student for whom every key is held.
 */

export type { KeyHold };

/** The question's columns the gate reads: the table's own, or a raw statement's alias. */
export type QuestionColumns = { id: SQL; examId: SQL; quizId: SQL };

const TABLE_COLUMNS: QuestionColumns = {
  id: sql`${questions.id}`,
  examId: sql`${questions.examId}`,
  quizId: sql`${questions.quizId}`,
};

/** Columns of `questions` under an alias in a raw statement (`q.id`, `q.exam_id`, ...). */
export function columnsOf(alias: string): QuestionColumns {
  const a = sql.raw(alias);
  return { id: sql`${a}.id`, examId: sql`${a}.exam_id`, quizId: sql`${a}.quiz_id` };
}

/** Students see a quiz from its published day on, and only once it has questions. */
export function quizVisibleToStudents(now: Date): SQL {
  return sql`(${quizzes.publishedOn} <= ${publicationDay(now)}::date and ${quizzes.questionCount} > 0)`;
}

/**
 * `value in (set)` as true or false: `in` gives null for a null value (a quiz's question has no
 * exam) and for a miss in a set that holds a null, and `not null` would drop the row.
 */
const isIn = (value: SQL, set: SQL) => sql`coalesce(${value} in (${set}), false)`;

/**
 * Question `q` is in one of the viewer's attempts (open or completed, as `completed` says): its
 * exam (or live test), its quiz, or its practice or revision set. Uncorrelated sets, so a filter
 * over a whole bank hashes the student's few attempts once (exam_attempts_user_completed_idx).
 */
function attemptHolding(userId: string, q: QuestionColumns, completed: boolean): SQL {
  const mine = sql`ka.user_id = ${userId} and ka.completed_at is ${sql.raw(completed ? "not null" : "null")}`;
  return sql`(${isIn(
    q.examId,
    sql`select coalesce(ka.exam_id, ka.live_test_id) from exam_attempts ka
         where ${mine} and coalesce(ka.exam_id, ka.live_test_id) is not null`,
  )} or ${isIn(
    q.quizId,
    sql`select ka.quiz_id from exam_attempts ka where ${mine} and ka.quiz_id is not null`,
  )} or ${isIn(
    q.id,
    sql`select ki.question_id from exam_attempts ka
          join question_set_items ki on ki.set_id = coalesce(ka.practice_id, ka.revision_id)
         where ${mine}`,
  )})`;
}

const liveUnpublished = (q: QuestionColumns) =>
  isIn(q.examId, sql`select kl.exam_id from live_tests kl where kl.published_at is null`);

/** Quizzes not yet published are few (those dated ahead, or still empty): a hashed set. */
const quizUnpublished = (q: QuestionColumns, now: Date) =>
  isIn(q.quizId, sql`select ${quizzes.id} from ${quizzes} where not ${quizVisibleToStudents(now)}`);

/**
 * True while question `q`'s source keeps it from every student: an All-India live test whose
 * results are not out, or a quiz not yet published. Lists of questions outside an attempt (the
 * previous-year explorer) leave these out altogether.
 */
export function sourceHiddenSql(now: Date, q: QuestionColumns = TABLE_COLUMNS): SQL {
  return sql`(${liveUnpublished(q)} or ${quizUnpublished(q, now)})`;
}

/**
 * True while question `q` may not be served to this student in anything that shows a key after
 * it (a new practice test or revision session, the previous-year explorer's answer): it is in
 * one of their open attempts, in an unpublished live test, or in an unpublished quiz.
 */
export function keyLockedSql(
  viewer: { userId: string; role: Role },
  now: Date,
  q: QuestionColumns = TABLE_COLUMNS,
): SQL {
  if (viewer.role === "admin") return sql`false`;
  return sql`(${attemptHolding(viewer.userId, q, false)} or ${sourceHiddenSql(now, q)})`;
}

/**
 * The hold on question `q` for this viewer as a SQL text value (null: its key may be shown), for
 * a statement that reads keys beside other columns. `opensPremium`: the viewer holds a plan
 * (`viewerOpensPremium`).
 */
export function keyHoldSql(
  viewer: { userId: string; role: Role },
  now: Date,
  opensPremium: boolean,
  q: QuestionColumns = TABLE_COLUMNS,
): SQL {
  if (viewer.role === "admin") return sql`null::text`;
  return holdSql(viewer.userId, now, opensPremium, q);
}

export type ViewerOpensPremiumInput = {
  viewer: { userId: string; role: Role };
  now: Date;
};

/** Whether the viewer holds a plan that opens premium papers (admins always do). */
export async function viewerOpensPremium(
  db: DbOrTx,
  { viewer, now }: ViewerOpensPremiumInput,
): Promise<boolean> {
  if (viewer.role === "admin") return true;
  return (await findActiveSubscription(db, { userId: viewer.userId, now })) !== null;
}

function holdSql(userId: string, now: Date, opensPremium: boolean, q: QuestionColumns): SQL {
  const inAttempt = attemptHolding(userId, q, true);
  const premium = sql`coalesce((select not e.is_free from exams e where e.id = ${q.examId}),
                               (select not z.is_free from quizzes z where z.id = ${q.quizId}), false)`;
  return sql`case
      when ${attemptHolding(userId, q, false)} then 'open_attempt'
      when ${liveUnpublished(q)} then 'live_unpublished'
      when ${quizUnpublished(q, now)} then 'unpublished'
      when not (${inAttempt} or exists (select 1 from pyq_answers kp
                 where kp.user_id = ${userId} and kp.question_id = ${q.id})) then 'unanswered'
      when ${sql.raw(opensPremium ? "false" : "true")} and ${premium} and not ${inAttempt}
        then 'premium'
    end`;
}

export type KeyHoldsInput = {
  viewer: { userId: string; role: Role };
  questionIds: readonly string[];
  now: Date;
};

/**
 * The holds on `questionIds` for this viewer now: a map from each held question to why. An empty
 * map means every key may be shown. Unknown ids are not in the map (there is nothing to show).
 */
export async function keyHolds(
  db: DbOrTx,
  { viewer, questionIds, now }: KeyHoldsInput,
): Promise<Map<string, KeyHold>> {
  const holds = new Map<string, KeyHold>();
  if (viewer.role === "admin" || questionIds.length === 0) return holds;
  const opensPremium = await viewerOpensPremium(db, { viewer, now });
  const ids = [...new Set(questionIds)];
  const result = await db.execute(sql`
    select q.id, ${holdSql(viewer.userId, now, opensPremium, columnsOf("q"))} as hold
      from questions q
     where q.id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})`);
  for (const row of (result as unknown as { rows: { id: string; hold: KeyHold | null }[] }).rows) {
    if (row.hold) holds.set(row.id, row.hold);
  }
  return holds;
}

export type AnyKeyHeldInput = {
  viewer: { userId: string; role: Role };
  questionIds: readonly string[];
  now: Date;
};

/** Whether any of `questionIds` is held: for a whole file that may show their keys. */
export async function anyKeyHeld(
  db: DbOrTx,
  { viewer, questionIds, now }: AnyKeyHeldInput,
): Promise<KeyHold | null> {
  const holds = await keyHolds(db, { viewer, questionIds, now });
  return holds.values().next().value ?? null;
}

/** A reviewed answer: the question with its key, and the student's verdict where there is one. */
type KeyedRow = {
  question: {
    id: string;
    correctAnswer: string;
    explanation: string | null;
    translations?: unknown;
    alsoAccepted?: string[];
    droppedAs?: string | null;
  };
  isCorrect?: boolean | null;
};

type Withheld<R extends KeyedRow> = Omit<R, "question"> & {
  question: Omit<R["question"], "correctAnswer"> & {
    correctAnswer: R["question"]["correctAnswer"] | null;
  };
  keyHold: KeyHold | null;
};

/**
 * `rows` with the key, the explanation (in every language), a key change's traces (options also
 * accepted, a drop) and the verdict taken out of each held question, and `keyHold` saying why;
 * the others as they were, with `keyHold: null`.
 */
export function withheldKeys<R extends KeyedRow>(
  rows: readonly R[],
  holds: ReadonlyMap<string, KeyHold>,
): Withheld<R>[] {
  return rows.map((row) => {
    const hold = holds.get(row.question.id) ?? null;
    if (!hold) return { ...row, keyHold: null } as Withheld<R>;
    const question = { ...row.question, correctAnswer: null, explanation: null };
    // A key change's traces are the key's too: the options also accepted, a drop.
    if ("alsoAccepted" in question) question.alsoAccepted = [];
    if ("droppedAs" in question) question.droppedAs = null;
    if ("translations" in row.question) {
      question.translations = withoutExplanations(
        row.question.translations as QuestionTranslations,
      );
    }
    return {
      ...row,
      question,
      ...("isCorrect" in row ? { isCorrect: null } : {}),
      keyHold: hold,
    } as Withheld<R>;
  });
}
