import { and, eq, type SQL, sql } from "drizzle-orm";
import type { OptionKey } from "../../../shared/constants.ts";
import { KEY_HOLD_TEXT, type KeyHold } from "../../../shared/key-gate.ts";
import type {
  PyqAnswerResult,
  PyqFilter,
  PyqFilters,
  PyqListQuery,
  PyqQuestion,
  PyqQuestionPage,
  PyqSubjectOption,
  PyqTrend,
  PyqVerdict,
} from "../../../shared/pyq.ts";
import { PYQ_TEXT } from "../../../shared/pyq.ts";
import {
  type QuestionTranslations,
  withoutExplanations,
} from "../../../shared/question-translations.ts";
import { isAcceptedAnswer } from "../../../shared/scoring.ts";
import { PLANS_PATH } from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import { pyqAnswers } from "../../db/schema/pyq.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from "../../lib/db-errors.ts";
import {
  columnsOf,
  keyHoldSql,
  keyLockedSql,
  sourceHiddenSql,
  viewerOpensPremium,
} from "../answer-keys/key-gate.ts";

/**
 * Which previous-year questions a statement reads: the filter, or one question, at `now` (a
 * question of a live test whose results are not out, or of an unpublished quiz, is in none).
 */
type Scope = {
  now: Date;
  subjectIds?: readonly string[];
  topicIds?: readonly string[];
  fromYear?: number;
  toYear?: number;
  questionId?: string;
};

const ids = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The previous-year questions in `scope` as the CTE `pyq` (id, year, subject_id, topic_id,
 * exam_id, quiz_id, created_at): those tagged with a year (the partial index
 * questions_pyq_subject_topic_year_idx), and those without one in a previous-year paper (an exam
 * of kind 'pyp' with a year, found by exams_kind_section_idx), which take the paper's year.
 */
function pyqCte(scope: Scope): SQL {
  const where = (year: SQL) => {
    const parts: SQL[] = [];
    if (scope.subjectIds?.length) parts.push(sql`q.subject_id in (${ids(scope.subjectIds)})`);
    if (scope.topicIds?.length) parts.push(sql`q.topic_id in (${ids(scope.topicIds)})`);
    if (scope.fromYear !== undefined) parts.push(sql`${year} >= ${scope.fromYear}`);
    if (scope.toYear !== undefined) parts.push(sql`${year} <= ${scope.toYear}`);
    if (scope.questionId) parts.push(sql`q.id = ${scope.questionId}`);
    parts.push(sql`not ${sourceHiddenSql(scope.now, columnsOf("q"))}`);
    return sql` and ${sql.join(parts, sql` and `)}`;
  };
  return sql`pyq as (
    select q.id, q.pyq_year as year, q.subject_id, q.topic_id, q.exam_id, q.quiz_id, q.created_at
      from questions q
     where q.pyq_year is not null${where(sql`q.pyq_year`)}
    union all
    select q.id, e.year, q.subject_id, q.topic_id, q.exam_id, q.quiz_id, q.created_at
      from exams e
      join questions q on q.exam_id = e.id
     where e.kind = 'pyp' and e.year is not null and q.pyq_year is null${where(sql`e.year`)}
  )`;
}

/** Free unless its exam or quiz is premium (`is_free = false`); needs exams e and quizzes z. */
const IS_FREE = sql`coalesce(e.is_free, z.is_free, true)`;
const SOURCES = sql`left join exams e on e.id = p.exam_id left join quizzes z on z.id = p.quiz_id`;

/** A jsonb value of a raw statement: parsed by both drivers, but read as text should one not. */
function fromJson<T>(value: T | string | null): T | null {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

type CountRow = {
  subjectId: string | null;
  subjectName: string | null;
  sortOrder: number | null;
  topicId: string | null;
  topicName: string | null;
  year: number;
  n: number;
};

/** PYQs in `scope` per subject, topic and year (premium ones included: counts show no content). */
function countByTopicAndYear(db: Db, scope: Scope) {
  return rowsOf<CountRow>(
    db,
    sql`with ${pyqCte(scope)}
      select p.subject_id as "subjectId", s.name as "subjectName", s.sort_order as "sortOrder",
             p.topic_id as "topicId", t.name as "topicName", p.year::int as year, count(*)::int as n
        from pyq p
        left join subjects s on s.id = p.subject_id
        left join topics t on t.id = p.topic_id
       group by p.subject_id, s.name, s.sort_order, p.topic_id, t.name, p.year`,
  );
}

const bySubjectOrder = (a: CountRow, b: CountRow) =>
  Number(a.subjectId === null) - Number(b.subjectId === null) ||
  (a.sortOrder ?? 0) - (b.sortOrder ?? 0) ||
  (a.subjectName ?? "").localeCompare(b.subjectName ?? "");

const byTopicName = (a: CountRow, b: CountRow) =>
  Number(a.topicId === null) - Number(b.topicId === null) ||
  (a.topicName ?? "").localeCompare(b.topicName ?? "");

/** The subjects and topics that have PYQs, with their counts, and the years (newest first). */
export async function getPyqFilters(db: Db, now = new Date()): Promise<PyqFilters> {
  const rows = (await countByTopicAndYear(db, { now })).sort(
    (a, b) => bySubjectOrder(a, b) || byTopicName(a, b),
  );
  const subjects = new Map<string, PyqSubjectOption>();
  for (const row of rows) {
    if (row.subjectId === null) continue;
    let subject = subjects.get(row.subjectId);
    if (!subject) {
      subject = { id: row.subjectId, name: row.subjectName ?? "", questions: 0, topics: [] };
      subjects.set(row.subjectId, subject);
    }
    subject.questions += row.n;
    if (row.topicId === null) continue;
    const topic = subject.topics.find((t) => t.id === row.topicId);
    if (topic) topic.questions += row.n;
    else subject.topics.push({ id: row.topicId, name: row.topicName ?? "", questions: row.n });
  }
  return {
    subjects: [...subjects.values()],
    years: [...new Set(rows.map((r) => r.year))].sort((a, b) => b - a),
    total: rows.reduce((sum, r) => sum + r.n, 0),
  };
}

export type GetPyqTrendInput = {
  filter: PyqFilter;
  now?: Date;
};

/**
 * How many questions each subject drew in each year, or each topic of the chosen subjects (or
 * the chosen topics). The years are those with any PYQ in the year range, oldest first, so a
 * topic that was not asked in a year shows a 0 there.
 */
export async function getPyqTrend(
  db: Db,
  { filter, now = new Date() }: GetPyqTrendInput,
): Promise<PyqTrend> {
  const years = { now, fromYear: filter.fromYear, toYear: filter.toYear };
  const by = filter.subjectId.length || filter.topicId.length ? "topic" : "subject";
  const [all, chosen] = await Promise.all([
    countByTopicAndYear(db, years),
    by === "topic"
      ? countByTopicAndYear(db, {
          ...years,
          subjectIds: filter.subjectId,
          topicIds: filter.topicId,
        })
      : null,
  ]);
  const yearList = [...new Set(all.map((r) => r.year))].sort((a, b) => a - b);
  const column = new Map(yearList.map((y, i) => [y, i]));
  const source = (chosen ?? all).sort(
    by === "topic" ? (a, b) => bySubjectOrder(a, b) || byTopicName(a, b) : bySubjectOrder,
  );
  const rows = new Map<string, PyqTrend["rows"][number]>();
  for (const r of source) {
    const id = by === "topic" ? r.topicId : r.subjectId;
    const key = by === "topic" ? `${r.subjectId}:${r.topicId}` : String(r.subjectId);
    let row = rows.get(key);
    if (!row) {
      row = {
        id,
        name: by === "topic" ? r.topicName : r.subjectName,
        subjectName: by === "topic" ? r.subjectName : null,
        counts: yearList.map(() => 0),
        total: 0,
      };
      rows.set(key, row);
    }
    const i = column.get(r.year);
    if (i !== undefined) row.counts[i] = (row.counts[i] ?? 0) + r.n;
    row.total += r.n;
  }
  return { by, years: yearList, rows: [...rows.values()] };
}

type QuestionRow = {
  id: string;
  year: number;
  subjectId: string | null;
  subjectName: string | null;
  topicId: string | null;
  topicName: string | null;
  sourceKind: "exam" | "quiz";
  sourceTitle: string;
  isFree: boolean;
  questionText: string;
  options: Record<OptionKey, string> | string;
  translations: QuestionTranslations | string | null;
  selectedAnswer: OptionKey | null;
  isCorrect: boolean | null;
  answeredAt: Date | string | null;
  /** Read only where the answer-keys gate lets the viewer see them (null otherwise). */
  correctAnswer: OptionKey | null;
  explanation: string | null;
  keyHold: KeyHold | null;
};

function verdictOf(row: {
  selectedAnswer: OptionKey;
  isCorrect: boolean;
  answeredAt: Date | string;
  correctAnswer: OptionKey;
  explanation: string | null;
  translations: QuestionTranslations | null;
}): PyqVerdict {
  return {
    selectedAnswer: row.selectedAnswer,
    isCorrect: row.isCorrect,
    correctAnswer: row.correctAnswer,
    explanation: row.explanation,
    explanationHi: row.translations?.hi?.explanation ?? null,
    answeredAt: new Date(row.answeredAt).toISOString(),
  };
}

function toQuestion(row: QuestionRow): PyqQuestion {
  const answered =
    row.keyHold === null &&
    row.selectedAnswer !== null &&
    row.isCorrect !== null &&
    row.answeredAt !== null &&
    row.correctAnswer !== null;
  return {
    id: row.id,
    year: row.year,
    subject: row.subjectId ? { id: row.subjectId, name: row.subjectName ?? "" } : null,
    topic: row.topicId ? { id: row.topicId, name: row.topicName ?? "" } : null,
    source: { kind: row.sourceKind, title: row.sourceTitle, isFree: row.isFree },
    questionText: row.questionText,
    options: fromJson(row.options) ?? { A: "", B: "", C: "", D: "" },
    // The explanation goes only with the verdict.
    translations: withoutExplanations(fromJson(row.translations) ?? {}),
    answer: answered
      ? verdictOf({
          selectedAnswer: row.selectedAnswer as OptionKey,
          isCorrect: row.isCorrect as boolean,
          answeredAt: row.answeredAt as Date | string,
          correctAnswer: row.correctAnswer as OptionKey,
          explanation: row.explanation,
          translations: fromJson(row.translations),
        })
      : null,
    // Unanswered is no hold to report: the question simply waits for its answer.
    keyHold: row.keyHold === "unanswered" ? null : row.keyHold,
  };
}

export type ListPyqQuestionsInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  query: PyqListQuery;
  now?: Date;
};

/**
 * A page of PYQs in the filter, newest year first (a paper's questions in its order), each with
 * the viewer's own verdict where they answered it. The key and explanation are read only for
 * answered questions. Premium questions the viewer may not open are left out and counted.
 */
export async function listPyqQuestions(
  db: Db,
  input: ListPyqQuestionsInput,
): Promise<PyqQuestionPage> {
  const { viewer, query } = input;
  const now = input.now ?? new Date();
  const scope: Scope = {
    now,
    subjectIds: query.subjectId,
    topicIds: query.topicId,
    fromYear: query.fromYear,
    toYear: query.toYear,
  };
  // Premium questions open to any plan (its limits count papers started, not questions read).
  const open = await viewerOpensPremium(db, { viewer, now });
  const visible = open ? sql`` : sql`where ${IS_FREE}`;
  // The answer-keys gate (decision 060) decides, per question, whether its key goes out.
  const hold = keyHoldSql(viewer, now, open, columnsOf("q"));
  const [items, [counts]] = await Promise.all([
    rowsOf<QuestionRow>(
      db,
      sql`with ${pyqCte(scope)}
        select p.id, p.year::int as year,
               p.subject_id as "subjectId", s.name as "subjectName",
               p.topic_id as "topicId", t.name as "topicName",
               case when p.exam_id is not null then 'exam' else 'quiz' end as "sourceKind",
               coalesce(e.title, z.title) as "sourceTitle", ${IS_FREE} as "isFree",
               q.question_text as "questionText", q.options, q.translations,
               a.selected_answer as "selectedAnswer", a.is_correct as "isCorrect",
               a.answered_at as "answeredAt", g.hold as "keyHold",
               case when g.hold is null then q.correct_answer end as "correctAnswer",
               case when g.hold is null then q.explanation end as explanation
          from pyq p
          join questions q on q.id = p.id
          ${SOURCES}
          left join subjects s on s.id = p.subject_id
          left join topics t on t.id = p.topic_id
          left join pyq_answers a on a.user_id = ${viewer.userId} and a.question_id = p.id
          cross join lateral (select ${hold} as hold) g
          ${visible}
         order by p.year desc, p.created_at, p.id
         limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    rowsOf<{ all: number; free: number }>(
      db,
      sql`with ${pyqCte(scope)}
        select count(*)::int as "all", count(*) filter (where ${IS_FREE})::int as free
          from pyq p ${SOURCES}`,
    ),
  ]);
  const all = counts?.all ?? 0;
  const free = counts?.free ?? 0;
  return {
    items: items.map(toQuestion),
    total: open ? all : free,
    page: query.page,
    pageSize: query.pageSize,
    premiumHidden: open ? 0 : all - free,
  };
}

type AnswerTarget = {
  id: string;
  locked: boolean;
  correctAnswer: OptionKey;
  alsoAccepted: string[];
  droppedAs: "award" | "exclude" | null;
  explanation: string | null;
  translations: QuestionTranslations | string | null;
  isFree: boolean;
};

export type AnswerPyqQuestionInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  questionId: string;
  selectedAnswer: OptionKey;
  now?: Date;
};

/**
 * Grades the viewer's answer to one PYQ and keeps it: the first answer is stored with its
 * verdict, and any later one returns that first verdict unchanged (`firstAnswer: false`). Only
 * then are the key and the explanation sent. A premium question the viewer may not open is
 * refused (403) before anything is written.
 */
export async function answerPyqQuestion(
  db: Db,
  input: AnswerPyqQuestionInput,
): Promise<PyqAnswerResult> {
  const now = input.now ?? new Date();
  const [question] = await rowsOf<AnswerTarget>(
    db,
    sql`with ${pyqCte({ now, questionId: input.questionId })}
      select p.id, q.correct_answer as "correctAnswer", q.explanation, q.translations,
             q.also_accepted as "alsoAccepted", q.dropped_as as "droppedAs",
             ${IS_FREE} as "isFree", ${keyLockedSql(input.viewer, now, columnsOf("q"))} as locked
        from pyq p
        join questions q on q.id = p.id
        ${SOURCES}`,
  );
  if (!question) throw new AppError("NOT_FOUND", PYQ_TEXT.notFound);
  // In one of the student's open attempts: a verdict here would give that attempt its key.
  if (question.locked) {
    throw new AppError("CONFLICT", KEY_HOLD_TEXT.open_attempt, { reason: "KEY_HELD" });
  }
  if (!question.isFree && !(await viewerOpensPremium(db, { viewer: input.viewer, now }))) {
    throw new AppError("FORBIDDEN", PYQ_TEXT.premiumRequired, {
      reason: "PREMIUM_REQUIRED",
      plansUrl: PLANS_PATH,
    });
  }
  const inserted = await db
    .insert(pyqAnswers)
    .values({
      userId: input.viewer.userId,
      questionId: question.id,
      selectedAnswer: input.selectedAnswer,
      // The key after any key change (decision 064): an option also accepted, a dropped question.
      isCorrect: isAcceptedAnswer(input.selectedAnswer, question),
      answeredAt: now,
    })
    .onConflictDoNothing()
    .returning()
    .catch((error: unknown) => {
      // The question was deleted meanwhile.
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) {
        throw new AppError("NOT_FOUND", PYQ_TEXT.notFound);
      }
      throw error;
    });
  const stored =
    inserted[0] ??
    (
      await db
        .select()
        .from(pyqAnswers)
        .where(
          and(eq(pyqAnswers.userId, input.viewer.userId), eq(pyqAnswers.questionId, question.id)),
        )
    )[0];
  if (!stored) throw new AppError("NOT_FOUND", PYQ_TEXT.notFound);
  return {
    questionId: question.id,
    firstAnswer: inserted.length > 0,
    answer: verdictOf({ ...stored, ...question, translations: fromJson(question.translations) }),
  };
}
