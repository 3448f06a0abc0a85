import { and, asc, count, eq, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { EVALUATION_MESSAGES, partMaximum, type RubricPart } from "../../../shared/evaluation.ts";
import {
  type ClaimMarkingInput as ClaimRequest,
  MAINS_CLAIM_BATCH,
  MAINS_MARKING_MESSAGES,
  MAINS_QUEUE_COUNT_CAP,
  MAX_HELD_MAINS_BOOKLETS,
  MAX_HELD_MAINS_MARKS,
  type MarkDraft,
} from "../../../shared/mains-marking-schemas.ts";
import { MAINS_TEST_MESSAGES } from "../../../shared/mains-test-messages.ts";
import type { MarkRound } from "../../../shared/mains-tests.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { mainsQuestions } from "../../db/schema/evaluation.ts";
import {
  mainsBookletAnswers,
  mainsBookletFiles,
  mainsBooklets,
  mainsMarks,
} from "../../db/schema/mains-booklets.ts";
import { mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { getEvaluationSettings } from "../evaluation/evaluation-settings.ts";
import { afterMarking } from "./after-marking.ts";

/**
 * The mentors' desk for Mains test booklets (decision 063): the queue per test, claims of work
 * rows (`mains_marks`) with `FOR UPDATE SKIP LOCKED`, one row's read (its own round only: the
 * blindness of double marking is this file's rule), drafts, submission and release.
 */

type Who = Pick<Viewer, "userId">;
type MarkRow = typeof mainsMarks.$inferSelect;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Waiting for a mentor: never claimed, or claimed by someone whose claim has lapsed (no sweeper). */
function isWaiting(now: Date): SQL {
  // "Not marked" first: the queue index's own condition, so the planner may read along it.
  return sql`(${mainsMarks.status} <> 'marked' and (${mainsMarks.status} = 'waiting' or ${mainsMarks.claimExpiresAt} <= ${at(now)}))`;
}

/** This mentor's live claims. */
function heldBy(userId: string, now: Date): SQL {
  return sql`(${mainsMarks.mentorId} = ${userId} and ${mainsMarks.status} = 'claimed' and ${mainsMarks.claimExpiresAt} > ${at(now)})`;
}

const other = alias(mainsMarks, "other_round");
/**
 * The answer has another round this mentor has marked or claimed (even a claim since lapsed): a
 * mentor never marks two rounds of one answer.
 */
function notMarkedElsewhereBy(userId: string): SQL {
  return sql`not exists (select 1 from ${mainsMarks} ${other} where ${other.answerId} = ${mainsMarks.answerId} and ${other.id} <> ${mainsMarks.id} and ${other.mentorId} = ${userId} and ${other.status} <> 'waiting')`;
}

/** A row put back in the queue: no mentor, no draft. */
const backToWaiting = {
  status: "waiting" as const,
  mentorId: null,
  claimedAt: null,
  claimExpiresAt: null,
  rubric: null,
  partMarks: null,
  annotations: null,
  comment: null,
};

const isLive = (row: Pick<MarkRow, "claimExpiresAt">, now: Date) =>
  row.claimExpiresAt !== null && row.claimExpiresAt > now;

export type MarkingQueueInput = { viewer: Who; now: Date };

type QueueGroup = {
  test_id: string;
  round: MarkRound;
  test_question_id: string;
  n: number;
  oldest: string | Date;
};

/**
 * The queue: per test with work waiting (or held by this mentor), how many `first`, `second` and
 * `reeval` markings wait that this mentor may take, per question too, the oldest waiting, the
 * booklets waiting, the test's evaluation mode; and what this mentor holds. No marks and no
 * mentors: only counts. Each question's count stops at MAINS_QUEUE_COUNT_CAP (read along the
 * queue index, oldest first), so the page costs the same at 200 booklets as at 20,000.
 */
export async function markingQueue(db: DbOrTx, { viewer, now }: MarkingQueueInput) {
  const [groups, heldRows, [heldBooklets]] = await Promise.all([
    waitingGroups(db, { viewer, now }),
    db
      .select({ testId: mainsMarks.testId, n: count() })
      .from(mainsMarks)
      .where(heldBy(viewer.userId, now))
      .groupBy(mainsMarks.testId),
    db
      .select({ n: count() })
      .from(mainsBooklets)
      .where(
        and(
          eq(mainsBooklets.claimedBy, viewer.userId),
          sql`${mainsBooklets.claimExpiresAt} > ${at(now)}`,
        ),
      ),
  ]);
  const testIds = [...new Set([...groups.map((g) => g.test_id), ...heldRows.map((r) => r.testId)])];
  if (testIds.length === 0) {
    return {
      tests: [],
      held: { booklets: heldBooklets?.n ?? 0, marks: 0 },
      countCap: MAINS_QUEUE_COUNT_CAP,
    };
  }
  const [tests, questions, booklets] = await Promise.all([
    db
      .select({
        id: mainsTests.id,
        title: mainsTests.title,
        titleHi: mainsTests.titleHi,
        paper: mainsTests.paper,
        evaluationMode: mainsTests.evaluationMode,
      })
      .from(mainsTests)
      .where(inArray(mainsTests.id, testIds)),
    db
      .select({
        id: mainsTestQuestions.id,
        testId: mainsTestQuestions.testId,
        position: mainsTestQuestions.position,
        marks: mainsTestQuestions.marks,
      })
      .from(mainsTestQuestions)
      .where(inArray(mainsTestQuestions.testId, testIds))
      .orderBy(asc(mainsTestQuestions.position)),
    bookletsWaiting(db, { testIds, now }),
  ]);
  const zero = () => ({ first: 0, second: 0, reeval: 0 });
  const items = tests.map((test) => {
    const rows = groups.filter((g) => g.test_id === test.id);
    const waiting = zero();
    const more = { first: false, second: false, reeval: false };
    for (const r of rows) {
      waiting[r.round] += r.n;
      if (r.n >= MAINS_QUEUE_COUNT_CAP) more[r.round] = true;
    }
    const oldest = rows.reduce<Date | null>((min, r) => {
      const d = new Date(r.oldest);
      return min === null || d < min ? d : min;
    }, null);
    return {
      ...test,
      waiting,
      // Some question has at least the cap waiting in that round: the count is a floor.
      more,
      bookletsWaiting: booklets.get(test.id) ?? 0,
      oldestWaitingAt: iso(oldest),
      held: heldRows.find((r) => r.testId === test.id)?.n ?? 0,
      questions: questions
        .filter((q) => q.testId === test.id)
        .map((q) => {
          const counts = zero();
          for (const r of rows) if (r.test_question_id === q.id) counts[r.round] += r.n;
          return { testQuestionId: q.id, position: q.position, marks: q.marks, waiting: counts };
        }),
    };
  });
  items.sort((a, b) => (a.oldestWaitingAt ?? "~").localeCompare(b.oldestWaitingAt ?? "~"));
  return {
    tests: items,
    held: {
      booklets: heldBooklets?.n ?? 0,
      marks: heldRows.reduce((sum, r) => sum + r.n, 0),
    },
    countCap: MAINS_QUEUE_COUNT_CAP,
  };
}

/**
 * Per test (with anything unmarked), question and round: the answers waiting (a second marking
 * or re-evaluation only where this mentor took no other round of the answer), at most
 * MAINS_QUEUE_COUNT_CAP, and the oldest. One short index read per group; the
 * planner, which cannot see the limits, would JIT-compile it for more time than it runs, so JIT
 * is off for this one statement.
 */
async function waitingGroups(db: DbOrTx, { viewer, now }: MarkingQueueInput) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const result = await tx.execute(sql`
      select tq.test_id, r.round, tq.id as test_question_id, w.n, w.oldest
        from ${mainsTests} t
        join ${mainsTestQuestions} tq on tq.test_id = t.id
        cross join (values ('first'), ('second'), ('reeval')) as r(round)
        cross join lateral (
          select count(*)::int as n, min(m.created_at) as oldest
            from (
              select ${mainsMarks.createdAt} as created_at from ${mainsMarks}
               where ${mainsMarks.testId} = t.id and ${mainsMarks.round} = r.round
                 and ${mainsMarks.testQuestionId} = tq.id
                 and ${isWaiting(now)}
                 and (${mainsMarks.round} = 'first' or ${notMarkedElsewhereBy(viewer.userId)})
               order by ${mainsMarks.createdAt}
               limit ${MAINS_QUEUE_COUNT_CAP}
            ) m
        ) w
       where w.n > 0
         and exists (select 1 from ${mainsMarks} where ${mainsMarks.testId} = t.id and ${mainsMarks.status} <> 'marked')`);
    return (result as unknown as { rows: QueueGroup[] }).rows;
  });
}

/**
 * Booklets a booklet-mode claim could take (submitted, nobody's live claim, a `first` row
 * waiting), up to MAINS_QUEUE_COUNT_CAP per test, read along the booklets' queue index.
 */
async function bookletsWaiting(db: DbOrTx, { testIds, now }: { testIds: string[]; now: Date }) {
  const m = alias(mainsMarks, "booklet_mark");
  const result = await db.execute(sql`
    select t.id as test_id, w.n
      from ${mainsTests} t
      cross join lateral (
        select count(*)::int as n from (
          select 1 from ${mainsBooklets}
           where ${mainsBooklets.testId} = t.id and ${mainsBooklets.status} = 'submitted'
             and (${mainsBooklets.claimedBy} is null or ${mainsBooklets.claimExpiresAt} <= ${at(now)})
             and exists (select 1 from ${mainsMarks} ${m} where ${m.bookletId} = ${mainsBooklets.id}
                            and ${m.round} = 'first' and ${m.status} <> 'marked'
                            and (${m.status} = 'waiting' or ${m.claimExpiresAt} <= ${at(now)}))
           order by ${mainsBooklets.submittedAt}
           limit ${MAINS_QUEUE_COUNT_CAP}
        ) b
      ) w
     where t.id in (${sql.join(
       testIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )}) and t.evaluation_mode = 'booklet'`);
  const rows = (result as unknown as { rows: { test_id: string; n: number }[] }).rows;
  return new Map(rows.map((r) => [r.test_id, r.n]));
}

export type ClaimMarkingInput = {
  viewer: Who;
  testId: string;
  claim: ClaimRequest;
  now: Date;
};

/**
 * Claims work of a test for this mentor, in one transaction under a per-mentor lock (the caps on
 * held work), with `FOR UPDATE SKIP LOCKED` so mentors claiming at once never share a row:
 * - booklet mode, `first`: every waiting `first` row of the oldest submitted booklet that nobody
 *   holds (and the booklet's own claim);
 * - question mode `first`, and every `second` and `reeval`: the next rows of one question (the
 *   one asked for, else the oldest waiting one's), oldest first; never a row of an answer whose
 *   other round this mentor has marked or claimed.
 * The paper's rubric is copied onto each row; a mentor claiming again a row of theirs that had
 * lapsed keeps its draft.
 */
export async function claimMarking(db: Db, { viewer, testId, claim, now }: ClaimMarkingInput) {
  const [test] = await db
    .select({ id: mainsTests.id, paper: mainsTests.paper, mode: mainsTests.evaluationMode })
    .from(mainsTests)
    .where(eq(mainsTests.id, testId));
  if (!test) throw new AppError("NOT_FOUND", MAINS_TEST_MESSAGES.notFound);
  const byBooklet = claim.round === "first" && test.mode === "booklet";
  if (byBooklet && claim.testQuestionId) {
    throw new AppError("VALIDATION_FAILED", MAINS_MARKING_MESSAGES.bookletMode);
  }
  if (claim.testQuestionId) {
    const [question] = await db
      .select({ id: mainsTestQuestions.id })
      .from(mainsTestQuestions)
      .where(
        and(eq(mainsTestQuestions.id, claim.testQuestionId), eq(mainsTestQuestions.testId, testId)),
      );
    if (!question) throw new AppError("NOT_FOUND", MAINS_MARKING_MESSAGES.questionNotFound);
  }
  const settings = await getEvaluationSettings(db);
  const rubric = settings.rubrics[test.paper];
  const expiresAt = new Date(now.getTime() + settings.claimHours * 3600_000);
  const markIds = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`mains-claims:${viewer.userId}`}))`,
    );
    const candidates = byBooklet
      ? await pickBooklet(tx, { viewer, testId, now, expiresAt })
      : await pickRows(tx, { viewer, testId, claim, now });
    if (candidates.length === 0) {
      throw new AppError("NOT_FOUND", MAINS_MARKING_MESSAGES.nothingWaiting);
    }
    const mine = sql`${mainsMarks.mentorId} = ${viewer.userId}`;
    await tx
      .update(mainsMarks)
      .set({
        status: "claimed",
        mentorId: viewer.userId,
        claimedAt: now,
        claimExpiresAt: expiresAt,
        rubric: sql`case when ${mine} and ${mainsMarks.rubric} is not null then ${mainsMarks.rubric} else ${JSON.stringify(rubric)}::jsonb end`,
        partMarks: sql`case when ${mine} then ${mainsMarks.partMarks} end`,
        annotations: sql`case when ${mine} then ${mainsMarks.annotations} end`,
        comment: sql`case when ${mine} then ${mainsMarks.comment} end`,
        updatedAt: now,
      })
      .where(inArray(mainsMarks.id, candidates));
    return candidates;
  });
  const ordered = await db
    .select({ id: mainsMarks.id, bookletId: mainsMarks.bookletId })
    .from(mainsMarks)
    .innerJoin(mainsTestQuestions, eq(mainsTestQuestions.id, mainsMarks.testQuestionId))
    .where(inArray(mainsMarks.id, markIds))
    .orderBy(asc(mainsTestQuestions.position), asc(mainsMarks.createdAt), asc(mainsMarks.id));
  return {
    round: claim.round,
    bookletId: byBooklet ? (ordered[0]?.bookletId ?? null) : null,
    markIds: ordered.map((r) => r.id),
  };
}

type PickInput = { viewer: Who; testId: string; now: Date };

/** Booklet mode: the oldest submitted booklet free to claim, its waiting `first` rows locked. */
async function pickBooklet(
  tx: DbOrTx,
  { viewer, testId, now, expiresAt }: PickInput & { expiresAt: Date },
): Promise<string[]> {
  const [booklets] = await tx
    .select({ n: count() })
    .from(mainsBooklets)
    .where(
      and(
        eq(mainsBooklets.claimedBy, viewer.userId),
        sql`${mainsBooklets.claimExpiresAt} > ${at(now)}`,
      ),
    );
  if ((booklets?.n ?? 0) >= MAX_HELD_MAINS_BOOKLETS) {
    throw new AppError("CONFLICT", MAINS_MARKING_MESSAGES.tooManyBooklets);
  }
  const m = alias(mainsMarks, "booklet_mark");
  const [booklet] = await tx
    .select({ id: mainsBooklets.id })
    .from(mainsBooklets)
    .where(
      and(
        eq(mainsBooklets.testId, testId),
        eq(mainsBooklets.status, "submitted"),
        or(isNull(mainsBooklets.claimedBy), lte(mainsBooklets.claimExpiresAt, now)),
        sql`exists (select 1 from ${mainsMarks} ${m} where ${m.bookletId} = ${mainsBooklets.id} and ${m.round} = 'first' and (${m.status} = 'waiting' or (${m.status} = 'claimed' and ${m.claimExpiresAt} <= ${at(now)})))`,
        // Nobody holds any of its answers (a booklet is one mentor's at a time).
        sql`not exists (select 1 from ${mainsMarks} ${m} where ${m.bookletId} = ${mainsBooklets.id} and ${m.round} = 'first' and ${m.status} = 'claimed' and ${m.claimExpiresAt} > ${at(now)})`,
        // Nor has this mentor taken another round of any of its answers.
        sql`not exists (select 1 from ${mainsMarks} ${m} where ${m.bookletId} = ${mainsBooklets.id} and ${m.round} <> 'first' and ${m.mentorId} = ${viewer.userId} and ${m.status} <> 'waiting')`,
      ),
    )
    .orderBy(asc(mainsBooklets.submittedAt), asc(mainsBooklets.id))
    .limit(1)
    .for("update", { skipLocked: true });
  if (!booklet) return [];
  const rows = await tx
    .select({ id: mainsMarks.id })
    .from(mainsMarks)
    .where(and(eq(mainsMarks.bookletId, booklet.id), eq(mainsMarks.round, "first"), isWaiting(now)))
    .for("update", { skipLocked: true });
  await tx
    .update(mainsBooklets)
    .set({ claimedBy: viewer.userId, claimExpiresAt: expiresAt, updatedAt: now })
    .where(eq(mainsBooklets.id, booklet.id));
  return rows.map((r) => r.id);
}

/** By rows: the next waiting rows of a round and one question, oldest first, locked. */
async function pickRows(
  tx: DbOrTx,
  { viewer, testId, claim, now }: PickInput & { claim: ClaimRequest },
): Promise<string[]> {
  const [held] = await tx.select({ n: count() }).from(mainsMarks).where(heldBy(viewer.userId, now));
  const room = MAX_HELD_MAINS_MARKS - (held?.n ?? 0);
  if (room <= 0) throw new AppError("CONFLICT", MAINS_MARKING_MESSAGES.tooManyMarks);
  const claimable = (questionId?: string) =>
    and(
      eq(mainsMarks.testId, testId),
      eq(mainsMarks.round, claim.round),
      questionId ? eq(mainsMarks.testQuestionId, questionId) : undefined,
      isWaiting(now),
      notMarkedElsewhereBy(viewer.userId),
    );
  const take = async (questionId?: string) =>
    (
      await tx
        .select({ id: mainsMarks.id })
        .from(mainsMarks)
        .where(claimable(questionId))
        .orderBy(asc(mainsMarks.createdAt), asc(mainsMarks.id))
        .limit(Math.min(MAINS_CLAIM_BATCH, room))
        .for("update", { skipLocked: true })
    ).map((r) => r.id);
  if (claim.testQuestionId) return take(claim.testQuestionId);
  // No question named: the question of the oldest answer waiting (each question's oldest read
  // along the queue index), so a batch is one question's; the whole round if others took that
  // question's last answers meanwhile.
  const oldest = await tx.execute(sql`
    select tq.id from ${mainsTestQuestions} tq
     cross join lateral (
       select ${mainsMarks.createdAt} as created_at from ${mainsMarks}
        where ${claimable()} and ${mainsMarks.testQuestionId} = tq.id
        order by ${mainsMarks.createdAt} limit 1
     ) w
    where tq.test_id = ${testId}
    order by w.created_at limit 1`);
  const [question] = (oldest as unknown as { rows: { id: string }[] }).rows;
  if (!question) return [];
  const rows = await take(question.id);
  return rows.length > 0 ? rows : take();
}

export type MarkingWorkInput = { viewer: Who; now: Date };

/**
 * The mentor's held work, grouped: a booklet (booklet mode's first marking: its answers in paper
 * order, those already submitted too) or one question of a test and round. Only this mentor's
 * own rows, and no marks at all.
 */
export async function markingWork(db: DbOrTx, { viewer, now }: MarkingWorkInput) {
  const rows = await db
    .select({
      id: mainsMarks.id,
      round: mainsMarks.round,
      status: mainsMarks.status,
      bookletId: mainsMarks.bookletId,
      testQuestionId: mainsMarks.testQuestionId,
      claimExpiresAt: mainsMarks.claimExpiresAt,
      position: mainsTestQuestions.position,
      questionMarks: mainsTestQuestions.marks,
      submittedAt: mainsBooklets.submittedAt,
      test: {
        id: mainsTests.id,
        title: mainsTests.title,
        titleHi: mainsTests.titleHi,
        paper: mainsTests.paper,
        evaluationMode: mainsTests.evaluationMode,
      },
    })
    .from(mainsMarks)
    .innerJoin(mainsTests, eq(mainsTests.id, mainsMarks.testId))
    .innerJoin(mainsTestQuestions, eq(mainsTestQuestions.id, mainsMarks.testQuestionId))
    .innerJoin(mainsBooklets, eq(mainsBooklets.id, mainsMarks.bookletId))
    .where(
      and(
        // Read along the mentor's own rows (mains_marks_mentor_idx).
        eq(mainsMarks.mentorId, viewer.userId),
        or(
          heldBy(viewer.userId, now),
          // What they have already marked of a booklet they still hold.
          and(
            eq(mainsMarks.status, "marked"),
            eq(mainsMarks.round, "first"),
            eq(mainsBooklets.claimedBy, viewer.userId),
            sql`${mainsBooklets.claimExpiresAt} > ${at(now)}`,
          ),
        ),
      ),
    )
    .orderBy(
      asc(mainsMarks.claimExpiresAt),
      asc(mainsBooklets.submittedAt),
      asc(mainsTestQuestions.position),
      asc(mainsMarks.id),
    );
  type Group = {
    key: string;
    kind: "booklet" | "question";
    test: (typeof rows)[number]["test"];
    round: MarkRound;
    bookletId: string | null;
    question: { testQuestionId: string; position: number; marks: number } | null;
    expiresAt: string | null;
    marks: {
      id: string;
      position: number;
      status: "claimed" | "marked";
      submittedAt: string | null;
    }[];
  };
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const byBooklet = row.round === "first" && row.test.evaluationMode === "booklet";
    const key = byBooklet
      ? `booklet:${row.bookletId}`
      : `question:${row.test.id}:${row.round}:${row.testQuestionId}`;
    const group = groups.get(key) ?? {
      key,
      kind: byBooklet ? ("booklet" as const) : ("question" as const),
      test: row.test,
      round: row.round,
      bookletId: byBooklet ? row.bookletId : null,
      question: byBooklet
        ? null
        : { testQuestionId: row.testQuestionId, position: row.position, marks: row.questionMarks },
      expiresAt: null,
      marks: [],
    };
    groups.set(key, group);
    const expires = row.status === "claimed" ? iso(row.claimExpiresAt) : null;
    if (expires && (group.expiresAt === null || expires < group.expiresAt)) {
      group.expiresAt = expires;
    }
    group.marks.push({
      id: row.id,
      position: row.position,
      status: row.status === "marked" ? "marked" : "claimed",
      submittedAt: iso(row.submittedAt),
    });
  }
  for (const group of groups.values()) {
    if (group.kind === "booklet") group.marks.sort((a, b) => a.position - b.position);
  }
  return { groups: [...groups.values()] };
}

/** Where a booklet's file is served to the mentors allowed to read it (never /storage). */
export function bookletFileUrl(fileId: string) {
  return `/api/mains-tests/booklet-files/${fileId}`;
}

/** The row as its mentor may read it: theirs, claimed and live, or marked by them. */
async function readableMark(db: DbOrTx, viewer: Who, markId: string, now: Date) {
  const [row] = await db.select().from(mainsMarks).where(eq(mainsMarks.id, markId));
  if (!row || row.mentorId !== viewer.userId || row.status === "waiting") {
    throw new AppError("NOT_FOUND", MAINS_MARKING_MESSAGES.markNotFound);
  }
  if (row.status === "claimed" && !isLive(row, now)) {
    throw new AppError("CONFLICT", MAINS_MARKING_MESSAGES.claimExpired);
  }
  return row;
}

/** The row this mentor holds a live claim on, or why they cannot write to it. */
async function heldMark(db: DbOrTx, viewer: Who, markId: string, now: Date) {
  const row = await readableMark(db, viewer, markId, now);
  if (row.status === "marked") throw new AppError("CONFLICT", MAINS_MARKING_MESSAGES.alreadyMarked);
  return row;
}

/** The booklet's pages in order: a photo is a page, a PDF one page per page of it. */
async function bookletPages(db: DbOrTx, bookletId: string) {
  const files = await db
    .select()
    .from(mainsBookletFiles)
    .where(
      and(
        eq(mainsBookletFiles.bookletId, bookletId),
        sql`${mainsBookletFiles.position} is not null`,
      ),
    )
    .orderBy(asc(mainsBookletFiles.position), asc(mainsBookletFiles.id));
  const pages = files.flatMap((file) =>
    Array.from({ length: file.pdfPages ?? 1 }, (_, i) => ({
      fileId: file.id,
      url: bookletFileUrl(file.id),
      contentType: file.contentType,
      pdfPage: file.pdfPages === null ? null : i + 1,
      rotation: file.rotation,
    })),
  );
  return pages.map((page, i) => ({ page: i + 1, ...page }));
}

/** The last page of an answer: the page before the next answer's start, else the booklet's last. */
function endPageOf(startPage: number | null, starts: (number | null)[], pageCount: number) {
  if (startPage === null) return null;
  const next = starts
    .filter((s): s is number => s !== null && s > startPage)
    .reduce((min, s) => Math.min(min, s), Number.POSITIVE_INFINITY);
  return Math.max(startPage, Number.isFinite(next) ? next - 1 : pageCount);
}

/** The rubric as scored on this row: each part's maximum for the question, its marks so far. */
function rubricView(row: MarkRow, questionMarks: number) {
  return (row.rubric ?? []).map((part: RubricPart, i) => ({
    name: part.name,
    weight: part.weight,
    max: partMaximum(part.weight, questionMarks),
    marks: row.partMarks?.[i] ?? null,
  }));
}

export type GetMarkInput = { viewer: Who; markId: string; now: Date };

/**
 * One marking as its mentor reads it: the question, the booklet's pages and page map, the
 * answer's page range (its start to the page before the next answer's start) or typed text, the
 * model answer, and this row's rubric and draft. Never another round's marks, comment, annotations or mentor, and
 * not the student: double marking is blind.
 */
export async function getMark(db: DbOrTx, { viewer, markId, now }: GetMarkInput) {
  const row = await readableMark(db, viewer, markId, now);
  const [[test], [question], [booklet], pages, answers] = await Promise.all([
    db
      .select({
        id: mainsTests.id,
        title: mainsTests.title,
        titleHi: mainsTests.titleHi,
        paper: mainsTests.paper,
        evaluationMode: mainsTests.evaluationMode,
      })
      .from(mainsTests)
      .where(eq(mainsTests.id, row.testId)),
    db
      .select({
        testQuestionId: mainsTestQuestions.id,
        position: mainsTestQuestions.position,
        section: mainsTestQuestions.section,
        marks: mainsTestQuestions.marks,
        wordLimit: mainsTestQuestions.wordLimit,
        questionText: mainsQuestions.questionText,
        questionTextHi: mainsQuestions.questionTextHi,
        directive: mainsQuestions.directive,
        modelAnswer: mainsQuestions.modelAnswer,
        modelAnswerHi: mainsQuestions.modelAnswerHi,
      })
      .from(mainsTestQuestions)
      .innerJoin(mainsQuestions, eq(mainsQuestions.id, mainsTestQuestions.questionId))
      .where(eq(mainsTestQuestions.id, row.testQuestionId)),
    db
      .select({
        id: mainsBooklets.id,
        format: mainsBooklets.format,
        pageCount: mainsBooklets.pageCount,
        submittedAt: mainsBooklets.submittedAt,
      })
      .from(mainsBooklets)
      .where(eq(mainsBooklets.id, row.bookletId)),
    bookletPages(db, row.bookletId),
    db
      .select({
        id: mainsBookletAnswers.id,
        testQuestionId: mainsBookletAnswers.testQuestionId,
        position: mainsTestQuestions.position,
        startPage: mainsBookletAnswers.startPage,
        typedText: mainsBookletAnswers.typedText,
        wordCount: mainsBookletAnswers.wordCount,
      })
      .from(mainsBookletAnswers)
      .innerJoin(mainsTestQuestions, eq(mainsTestQuestions.id, mainsBookletAnswers.testQuestionId))
      .where(eq(mainsBookletAnswers.bookletId, row.bookletId))
      .orderBy(asc(mainsTestQuestions.position)),
  ]);
  if (!test || !question || !booklet) throw new Error(`marking ${row.id} without its booklet`);
  const answer = answers.find((a) => a.id === row.answerId);
  const pageCount = Math.max(booklet.pageCount, pages.length);
  const starts = answers.map((a) => a.startPage);
  const startPage = answer?.startPage ?? null;
  const byBooklet = row.round === "first" && test.evaluationMode === "booklet";
  return {
    id: row.id,
    round: row.round,
    status: row.status as "claimed" | "marked",
    claimExpiresAt: row.status === "claimed" ? iso(row.claimExpiresAt) : null,
    markedAt: iso(row.markedAt),
    test,
    question,
    booklet: {
      id: booklet.id,
      format: booklet.format,
      pageCount,
      submittedAt: iso(booklet.submittedAt),
      pages,
      // The page map (where each answer starts), for reading and correcting it.
      answers: answers.map((a) => ({
        testQuestionId: a.testQuestionId,
        position: a.position,
        startPage: a.startPage,
      })),
    },
    answer: {
      startPage,
      endPage: endPageOf(startPage, starts, pageCount),
      typedText: answer?.typedText?.trim() ? answer.typedText : null,
      wordCount: answer?.wordCount ?? null,
    },
    rubric: rubricView(row, question.marks),
    marks: row.marks === null ? null : Number(row.marks),
    outOf: question.marks,
    comment: row.comment ?? "",
    annotations: row.annotations ?? [],
    // This mentor's other answers of the same booklet (booklet mode) or question, to step through.
    siblings: await siblingsOf(db, { viewer, row, byBooklet, now }),
  };
}

async function siblingsOf(
  db: DbOrTx,
  { viewer, row, byBooklet, now }: { viewer: Who; row: MarkRow; byBooklet: boolean; now: Date },
) {
  const same = byBooklet
    ? and(
        eq(mainsMarks.bookletId, row.bookletId),
        eq(mainsMarks.round, "first"),
        eq(mainsMarks.mentorId, viewer.userId),
        or(eq(mainsMarks.status, "marked"), heldBy(viewer.userId, now)),
      )
    : and(
        eq(mainsMarks.testId, row.testId),
        eq(mainsMarks.round, row.round),
        eq(mainsMarks.testQuestionId, row.testQuestionId),
        or(eq(mainsMarks.id, row.id), heldBy(viewer.userId, now)),
      );
  const siblings = await db
    .select({
      id: mainsMarks.id,
      position: mainsTestQuestions.position,
      status: mainsMarks.status,
    })
    .from(mainsMarks)
    .innerJoin(mainsTestQuestions, eq(mainsTestQuestions.id, mainsMarks.testQuestionId))
    .where(same)
    .orderBy(asc(mainsTestQuestions.position), asc(mainsMarks.createdAt), asc(mainsMarks.id));
  return siblings.map((s) => ({
    id: s.id,
    position: s.position,
    marked: s.status === "marked",
  }));
}

/** Checks a draft against the row: pages the booklet has, parts within their maximum. */
async function checkDraft(db: DbOrTx, row: MarkRow, draft: MarkDraft, complete: boolean) {
  const [[question], [booklet]] = await Promise.all([
    db
      .select({ marks: mainsTestQuestions.marks })
      .from(mainsTestQuestions)
      .where(eq(mainsTestQuestions.id, row.testQuestionId)),
    db
      .select({ pageCount: mainsBooklets.pageCount })
      .from(mainsBooklets)
      .where(eq(mainsBooklets.id, row.bookletId)),
  ]);
  const outOf = question?.marks ?? 0;
  if (draft.annotations.length > Math.max(booklet?.pageCount ?? 0, 1)) {
    throw new AppError("VALIDATION_FAILED", MAINS_MARKING_MESSAGES.tooManyPages);
  }
  const rubric = row.rubric ?? [];
  if (draft.partMarks.length > rubric.length) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.rubricMismatch);
  }
  for (const [i, marks] of draft.partMarks.entries()) {
    const part = rubric[i];
    if (part && marks !== null && marks > partMaximum(part.weight, outOf)) {
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.marksTooHigh);
    }
  }
  if (complete && (draft.partMarks.length !== rubric.length || draft.partMarks.includes(null))) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.rubricMismatch);
  }
  return outOf;
}

/** The row is still this mentor's live claim (the write's own condition). */
function stillHeld(markId: string, viewer: Who, now: Date) {
  return and(eq(mainsMarks.id, markId), heldBy(viewer.userId, now));
}

export type SaveMarkDraftInput = { viewer: Who; markId: string; draft: MarkDraft; now: Date };

/** Saves this row's draft (part marks, annotations per page, comment) while the claim holds. */
export async function saveMarkDraft(
  db: DbOrTx,
  { viewer, markId, draft, now }: SaveMarkDraftInput,
) {
  const row = await heldMark(db, viewer, markId, now);
  await checkDraft(db, row, draft, false);
  const saved = await db
    .update(mainsMarks)
    .set({
      partMarks: draft.partMarks,
      annotations: draft.annotations,
      comment: draft.comment,
      updatedAt: now,
    })
    .where(stillHeld(markId, viewer, now))
    .returning({ id: mainsMarks.id });
  if (saved.length === 0) throw new AppError("CONFLICT", MAINS_MARKING_MESSAGES.claimExpired);
  return getMark(db, { viewer, markId, now });
}

export type SubmitMarkInput = SaveMarkDraftInput;

/**
 * Submits the marking: every part scored, the marks their sum (never above the question's). In
 * the same transaction: what follows a marking runs (`afterMarking`: the booklet is evaluated once
 * its first and second are done), and the booklet's claim ends with its last first marking.
 */
export async function submitMark(db: Db, { viewer, markId, draft, now }: SubmitMarkInput) {
  const row = await heldMark(db, viewer, markId, now);
  const outOf = await checkDraft(db, row, draft, true);
  const total = Math.min(
    outOf,
    draft.partMarks.reduce<number>((sum, m) => sum + (m ?? 0), 0),
  );
  const evaluated = await db.transaction(async (tx) => {
    const done = await tx
      .update(mainsMarks)
      .set({
        status: "marked",
        partMarks: draft.partMarks,
        annotations: draft.annotations,
        comment: draft.comment,
        marks: String(total),
        markedAt: now,
        updatedAt: now,
      })
      .where(stillHeld(markId, viewer, now))
      .returning({ id: mainsMarks.id });
    if (done.length === 0) throw new AppError("CONFLICT", MAINS_MARKING_MESSAGES.claimExpired);
    // What follows first: after results it takes the test's results lock before any booklet row,
    // the order every writer of a published test's rows keeps (no deadlock between two markings).
    const after = await afterMarking(tx, { bookletId: row.bookletId, now });
    if (row.round === "first") await endBookletClaimIfDone(tx, viewer, row.bookletId, now);
    return after.evaluated;
  });
  return { evaluated, mark: await getMark(db, { viewer, markId, now }) };
}

/** A booklet's claim ends when its mentor holds none of its first markings any more. */
async function endBookletClaimIfDone(tx: DbOrTx, viewer: Who, bookletId: string, now: Date) {
  const [left] = await tx
    .select({ n: count() })
    .from(mainsMarks)
    .where(
      and(
        eq(mainsMarks.bookletId, bookletId),
        eq(mainsMarks.round, "first"),
        heldBy(viewer.userId, now),
      ),
    );
  if ((left?.n ?? 0) > 0) return;
  await tx
    .update(mainsBooklets)
    .set({ claimedBy: null, claimExpiresAt: null, updatedAt: now })
    .where(and(eq(mainsBooklets.id, bookletId), eq(mainsBooklets.claimedBy, viewer.userId)));
}

export type ReleaseMarkInput = { viewer: Who; markId: string; now: Date };

/**
 * Gives a held answer back to the queue, its draft dropped. In booklet mode the first marking is
 * a booklet's: every answer of it this mentor still holds goes back, and the booklet with them.
 */
export async function releaseMark(db: Db, { viewer, markId, now }: ReleaseMarkInput) {
  const row = await heldMark(db, viewer, markId, now);
  const [test] = await db
    .select({ mode: mainsTests.evaluationMode })
    .from(mainsTests)
    .where(eq(mainsTests.id, row.testId));
  const wholeBooklet = row.round === "first" && test?.mode === "booklet";
  return db.transaction(async (tx) => {
    const released = await tx
      .update(mainsMarks)
      .set({ ...backToWaiting, updatedAt: now })
      .where(
        wholeBooklet
          ? and(
              eq(mainsMarks.bookletId, row.bookletId),
              eq(mainsMarks.round, "first"),
              heldBy(viewer.userId, now),
            )
          : stillHeld(markId, viewer, now),
      )
      .returning({ id: mainsMarks.id });
    if (released.length === 0) throw new AppError("CONFLICT", MAINS_MARKING_MESSAGES.claimExpired);
    if (wholeBooklet) await endBookletClaimIfDone(tx, viewer, row.bookletId, now);
    return { released: released.length };
  });
}

export type ReassignMarkingInput = { testId: string; mentorId: string; now: Date };

/**
 * An admin puts a mentor's held work of a test (live claims and lapsed ones) back to waiting,
 * drafts dropped, with the booklets they held; what they marked stays theirs.
 */
export async function reassignMarking(db: Db, { testId, mentorId, now }: ReassignMarkingInput) {
  const [test] = await db
    .select({ id: mainsTests.id })
    .from(mainsTests)
    .where(eq(mainsTests.id, testId));
  if (!test) throw new AppError("NOT_FOUND", MAINS_TEST_MESSAGES.notFound);
  // Booklets before their rows, in the order a booklet claim locks them.
  return db.transaction(async (tx) => {
    await tx
      .update(mainsBooklets)
      .set({ claimedBy: null, claimExpiresAt: null, updatedAt: now })
      .where(and(eq(mainsBooklets.testId, testId), eq(mainsBooklets.claimedBy, mentorId)));
    const released = await tx
      .update(mainsMarks)
      .set({ ...backToWaiting, updatedAt: now })
      .where(
        and(
          eq(mainsMarks.testId, testId),
          eq(mainsMarks.mentorId, mentorId),
          eq(mainsMarks.status, "claimed"),
        ),
      )
      .returning({ id: mainsMarks.id });
    return { released: released.length };
  });
}
