import { and, asc, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  EVALUATION_MESSAGES,
  type EvaluationDraft,
  MAX_HELD_COPIES,
  type MainsPaper,
  partMaximum,
} from "../../../shared/evaluation.ts";
import { pageOf } from "../../../shared/page.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { answerCopies, mainsQuestions } from "../../db/schema/evaluation.ts";
import { subjects } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { enqueueMessages, type NewMessage, type Outbox } from "../notifications/outbox.ts";
import { copyView } from "./copy-view.ts";
import { getEvaluationSettings } from "./evaluation-settings.ts";

type Who = Pick<Viewer, "userId" | "role">;

/** Waiting for a mentor: submitted, or claimed by someone whose claim has lapsed. */
export function waiting(now: Date): SQL {
  return sql`(${answerCopies.status} = 'submitted' or (${answerCopies.status} = 'claimed' and ${answerCopies.claimExpiresAt} <= ${now.toISOString()}::timestamptz))`;
}

export type ListQueueInput = {
  query: { page: number; pageSize: number; paper?: MainsPaper; subjectId?: string };
  now: Date;
};

/** The queue: waiting copies, oldest first, with the time left against the promised turnaround. */
export async function listQueue(db: DbOrTx, { query, now }: ListQueueInput) {
  const where: SQL[] = [waiting(now)];
  if (query.paper) where.push(eq(mainsQuestions.paper, query.paper));
  if (query.subjectId) where.push(eq(mainsQuestions.subjectId, query.subjectId));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: answerCopies.id,
        questionText: mainsQuestions.questionText,
        paper: mainsQuestions.paper,
        subjectName: subjects.name,
        marks: mainsQuestions.marks,
        format: answerCopies.format,
        pageCount: answerCopies.pageCount,
        submittedAt: answerCopies.submittedAt,
        dueAt: answerCopies.dueAt,
      })
      .from(answerCopies)
      .innerJoin(mainsQuestions, eq(mainsQuestions.id, answerCopies.questionId))
      .leftJoin(subjects, eq(subjects.id, mainsQuestions.subjectId))
      .where(condition)
      .orderBy(asc(answerCopies.submittedAt), asc(answerCopies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(answerCopies)
      .innerJoin(mainsQuestions, eq(mainsQuestions.id, answerCopies.questionId))
      .where(condition),
  ]);
  return pageOf(
    rows.map((r) => ({
      ...r,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      dueAt: r.dueAt?.toISOString() ?? null,
      secondsLeft: r.dueAt ? Math.round((r.dueAt.getTime() - now.getTime()) / 1000) : null,
    })),
    total,
    query,
  );
}

/** A mentor's live claim on a copy: claimed by them, not lapsed at `now`. */
export function holdsClaim(
  copy: { status: string; claimedBy: string | null; claimExpiresAt: Date | null },
  userId: string,
  now: Date,
): boolean {
  return (
    copy.status === "claimed" &&
    copy.claimedBy === userId &&
    copy.claimExpiresAt !== null &&
    copy.claimExpiresAt > now
  );
}

export type ClaimCopyInput = {
  viewer: Who;
  copyId: string;
  now: Date;
};

/**
 * Claims a waiting copy for this mentor, in one conditional update: of mentors claiming at once,
 * exactly one wins; the others get a 409. A mentor claiming a copy another had let lapse starts
 * from a clean draft; claiming one's own again renews the claim and keeps the draft. A mentor
 * holds at most MAX_HELD_COPIES at once (409 beyond; renewing one they hold is not a new one),
 * counted under a per-mentor lock so two claims at once cannot both take the last place.
 */
export async function claimCopy(db: Db, { viewer, copyId, now }: ClaimCopyInput) {
  const settings = await getEvaluationSettings(db);
  const [question] = await db
    .select({ paper: mainsQuestions.paper, status: answerCopies.status })
    .from(answerCopies)
    .innerJoin(mainsQuestions, eq(mainsQuestions.id, answerCopies.questionId))
    .where(eq(answerCopies.id, copyId));
  if (!question || question.status === "draft") {
    throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.copyNotFound);
  }
  const rubric = settings.rubrics[question.paper];
  const mine = sql`${answerCopies.claimedBy} = ${viewer.userId}`;
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`claims:${viewer.userId}`}))`);
    const [held] = await tx
      .select({ n: count() })
      .from(answerCopies)
      .where(
        and(
          eq(answerCopies.claimedBy, viewer.userId),
          eq(answerCopies.status, "claimed"),
          sql`${answerCopies.claimExpiresAt} > ${now.toISOString()}::timestamptz`,
          sql`${answerCopies.id} <> ${copyId}`,
        ),
      );
    if ((held?.n ?? 0) >= MAX_HELD_COPIES) {
      throw new AppError("CONFLICT", EVALUATION_MESSAGES.tooManyHeld);
    }
    const [updated] = await tx
      .update(answerCopies)
      .set({
        status: "claimed",
        claimedBy: viewer.userId,
        claimedAt: sql`case when ${mine} then ${answerCopies.claimedAt} else ${now.toISOString()}::timestamptz end`,
        claimExpiresAt: new Date(now.getTime() + settings.claimHours * 3600_000),
        rubric: sql`case when ${mine} and ${answerCopies.rubric} is not null then ${answerCopies.rubric} else ${JSON.stringify(rubric)}::jsonb end`,
        annotations: sql`case when ${mine} then ${answerCopies.annotations} end`,
        partMarks: sql`case when ${mine} then ${answerCopies.partMarks} end`,
        comment: sql`case when ${mine} then ${answerCopies.comment} end`,
        updatedAt: now,
      })
      .where(
        and(
          eq(answerCopies.id, copyId),
          or(waiting(now), and(eq(answerCopies.status, "claimed"), mine)),
        ),
      )
      .returning({ id: answerCopies.id });
    return updated;
  });
  if (!row) {
    if (question.status === "evaluated")
      throw new AppError("CONFLICT", EVALUATION_MESSAGES.notDraft);
    throw new AppError("CONFLICT", EVALUATION_MESSAGES.claimTaken);
  }
  return getMentorCopy(db, { viewer, copyId, now });
}

export type GetMentorCopyInput = {
  viewer: Who;
  copyId: string;
  now: Date;
};

/**
 * A copy as its mentor sees it: only one they hold a live claim on or have evaluated (admins:
 * any). A copy in the queue is not readable before claiming it, nor once the claim has lapsed
 * (409 to the mentor whose claim it was, who may claim it again while no one else has).
 */
export async function getMentorCopy(db: DbOrTx, { viewer, copyId, now }: GetMentorCopyInput) {
  const [copy] = await db.select().from(answerCopies).where(eq(answerCopies.id, copyId));
  const allowed =
    copy &&
    copy.status !== "draft" &&
    (viewer.role === "admin" ||
      holdsClaim(copy, viewer.userId, now) ||
      (copy.status === "evaluated" && copy.evaluatedBy === viewer.userId));
  if (copy && !allowed && copy.status === "claimed" && copy.claimedBy === viewer.userId) {
    throw new AppError("CONFLICT", EVALUATION_MESSAGES.claimExpired);
  }
  if (!copy || !allowed) throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.copyNotFound);
  return copyView(db, {
    copy,
    options: { audience: viewer.role === "admin" ? "admin" : "mentor", now },
  });
}

/** The copy this mentor holds a live claim on, or the reason they cannot write to it. */
async function heldCopy(db: DbOrTx, viewer: Who, copyId: string, now: Date) {
  const [copy] = await db.select().from(answerCopies).where(eq(answerCopies.id, copyId));
  if (!copy || copy.status === "draft")
    throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.copyNotFound);
  if (copy.status !== "claimed" || copy.claimedBy !== viewer.userId) {
    if (copy.status === "evaluated" && copy.evaluatedBy === viewer.userId) {
      throw new AppError("CONFLICT", EVALUATION_MESSAGES.notDraft);
    }
    throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.copyNotFound);
  }
  if (!copy.claimExpiresAt || copy.claimExpiresAt <= now) {
    throw new AppError("CONFLICT", EVALUATION_MESSAGES.claimExpired);
  }
  return copy;
}

/** Checks the draft against the copy: no more pages than it has, each part within its maximum. */
function checkDraft(
  copy: typeof answerCopies.$inferSelect,
  draft: EvaluationDraft,
  questionMarks: number,
  complete: boolean,
) {
  const rubric = copy.rubric ?? [];
  if (draft.annotations.length > Math.max(copy.pageCount, 1)) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.tooManyPages);
  }
  if (draft.partMarks.length > rubric.length) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.rubricMismatch);
  }
  for (const [i, marks] of draft.partMarks.entries()) {
    const part = rubric[i];
    if (part && marks !== null && marks > partMaximum(part.weight, questionMarks)) {
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.marksTooHigh);
    }
  }
  if (
    complete &&
    (draft.partMarks.length !== rubric.length || draft.partMarks.some((m) => m === null))
  ) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.rubricMismatch);
  }
}

async function questionMarksOf(db: DbOrTx, questionId: string) {
  const [row] = await db
    .select({ marks: mainsQuestions.marks })
    .from(mainsQuestions)
    .where(eq(mainsQuestions.id, questionId));
  return row?.marks ?? 0;
}

export type SaveDraftInput = {
  viewer: Who;
  copyId: string;
  draft: EvaluationDraft;
  now: Date;
};

/** Saves the mentor's draft (annotations, part marks, comment) on a copy they hold. */
export async function saveDraft(db: Db, { viewer, copyId, draft, now }: SaveDraftInput) {
  const copy = await heldCopy(db, viewer, copyId, now);
  checkDraft(copy, draft, await questionMarksOf(db, copy.questionId), false);
  await db
    .update(answerCopies)
    .set({
      annotations: draft.annotations,
      partMarks: draft.partMarks,
      comment: draft.comment,
      updatedAt: now,
    })
    .where(
      and(
        eq(answerCopies.id, copyId),
        eq(answerCopies.claimedBy, viewer.userId),
        eq(answerCopies.status, "claimed"),
      ),
    );
  return getMentorCopy(db, { viewer, copyId, now });
}

export type PublishEvaluationInput = {
  outbox: Outbox;
  viewer: Who;
  copyId: string;
  draft: EvaluationDraft;
  now: Date;
};

/**
 * Publishes the evaluation: every part scored, the marks their sum (never above the question's
 * marks). The student is mailed by the caller.
 */
export async function publishEvaluation(
  db: Db,
  { outbox, viewer, copyId, draft, now }: PublishEvaluationInput,
) {
  const copy = await heldCopy(db, viewer, copyId, now);
  const [question] = await db
    .select({ marks: mainsQuestions.marks, questionText: mainsQuestions.questionText })
    .from(mainsQuestions)
    .where(eq(mainsQuestions.id, copy.questionId));
  const outOf = question?.marks ?? 0;
  checkDraft(copy, draft, outOf, true);
  const total = Math.min(
    outOf,
    draft.partMarks.reduce<number>((sum, m) => sum + (m ?? 0), 0),
  );
  // The evaluation and its messages to the student (the mail, and the reminder by push) commit
  // together; they are sent right after (docs/guides/messages.md).
  const { studentId, messages } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(answerCopies)
      .set({
        status: "evaluated",
        annotations: draft.annotations,
        partMarks: draft.partMarks,
        comment: draft.comment,
        marks: String(total),
        evaluatedAt: now,
        evaluatedBy: viewer.userId,
        updatedAt: now,
      })
      .where(
        and(
          eq(answerCopies.id, copyId),
          eq(answerCopies.claimedBy, viewer.userId),
          eq(answerCopies.status, "claimed"),
        ),
      )
      .returning({ userId: answerCopies.userId });
    if (!row) throw new AppError("CONFLICT", EVALUATION_MESSAGES.claimExpired);
    const messages = await enqueueMessages(tx, {
      messages: evaluationMessages({
        copyId,
        studentId: row.userId,
        questionId: copy.questionId,
        question: question?.questionText ?? "",
        marks: total,
        outOf,
        now,
      }),
      now,
    });
    return { studentId: row.userId, messages };
  });
  await outbox.deliver(messages, now);
  return { studentId, copy: await getMentorCopy(db, { viewer, copyId, now }) };
}

/**
 * What a published evaluation tells the student: a mail with the marks (always), and the
 * "evaluated" reminder by push under their switches (decision 044; it expires after three days).
 */
export function evaluationMessages(input: {
  copyId: string;
  studentId: string;
  questionId: string;
  question: string;
  marks: number;
  outOf: number;
  now: Date;
}): NewMessage[] {
  const url = `/student/answer-evaluation/${input.questionId}`;
  return [
    {
      kind: "evaluationMail",
      userId: input.studentId,
      ref: input.copyId,
      payload: { question: input.question, marks: input.marks, outOf: input.outOf, url },
    },
    {
      kind: "answerEvaluated",
      userId: input.studentId,
      ref: input.copyId,
      payload: { url },
      expiresAt: new Date(input.now.getTime() + EVALUATED_NOTICE_MS),
    },
  ];
}

/** An evaluated answer's push is old news after three days. */
const EVALUATED_NOTICE_MS = 3 * 86_400_000;

export type AnswerFollowUpInput = {
  viewer: Who;
  copyId: string;
  answer: string;
  now: Date;
};

/** The mentor answers the student's one follow-up question on a copy they evaluated. */
export async function answerFollowUp(db: Db, { viewer, copyId, answer, now }: AnswerFollowUpInput) {
  const [row] = await db
    .update(answerCopies)
    .set({ followUpAnswer: answer, followUpAnsweredAt: now, updatedAt: now })
    .where(
      and(
        eq(answerCopies.id, copyId),
        eq(answerCopies.status, "evaluated"),
        eq(answerCopies.evaluatedBy, viewer.userId),
        isNotNull(answerCopies.followUpQuestion),
        isNull(answerCopies.followUpAnswer),
      ),
    )
    .returning({ id: answerCopies.id });
  if (!row) {
    const [copy] = await db.select().from(answerCopies).where(eq(answerCopies.id, copyId));
    if (!copy || copy.evaluatedBy !== viewer.userId) {
      throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.copyNotFound);
    }
    throw new AppError("CONFLICT", EVALUATION_MESSAGES.noFollowUp);
  }
  return getMentorCopy(db, { viewer, copyId, now });
}

export type MentorDeskInput = {
  viewer: Who;
  now: Date;
};

/** The mentor's desk: copies they hold, follow-ups waiting for them, and their latest evaluations. */
export async function mentorDesk(db: DbOrTx, { viewer, now }: MentorDeskInput) {
  const columns = {
    id: answerCopies.id,
    questionText: mainsQuestions.questionText,
    paper: mainsQuestions.paper,
    submittedAt: answerCopies.submittedAt,
    dueAt: answerCopies.dueAt,
    claimExpiresAt: answerCopies.claimExpiresAt,
    evaluatedAt: answerCopies.evaluatedAt,
    marks: answerCopies.marks,
    outOf: mainsQuestions.marks,
    rating: answerCopies.rating,
    followUpQuestion: answerCopies.followUpQuestion,
    followUpAnswer: answerCopies.followUpAnswer,
  };
  const base = () =>
    db
      .select(columns)
      .from(answerCopies)
      .innerJoin(mainsQuestions, eq(mainsQuestions.id, answerCopies.questionId));
  const [held, followUps, recent] = await Promise.all([
    base()
      .where(
        and(
          eq(answerCopies.claimedBy, viewer.userId),
          eq(answerCopies.status, "claimed"),
          sql`${answerCopies.claimExpiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(answerCopies.dueAt), asc(answerCopies.id)),
    base()
      .where(
        and(
          eq(answerCopies.evaluatedBy, viewer.userId),
          eq(answerCopies.status, "evaluated"),
          isNotNull(answerCopies.followUpQuestion),
          isNull(answerCopies.followUpAnswer),
        ),
      )
      .orderBy(asc(answerCopies.followUpAskedAt), asc(answerCopies.id)),
    base()
      .where(and(eq(answerCopies.evaluatedBy, viewer.userId), eq(answerCopies.status, "evaluated")))
      .orderBy(desc(answerCopies.evaluatedAt), asc(answerCopies.id))
      .limit(20),
  ]);
  const json = (rows: typeof held) =>
    rows.map((r) => ({
      ...r,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      dueAt: r.dueAt?.toISOString() ?? null,
      claimExpiresAt: r.claimExpiresAt?.toISOString() ?? null,
      evaluatedAt: r.evaluatedAt?.toISOString() ?? null,
      marks: r.marks === null ? null : Number(r.marks),
      secondsLeft: r.dueAt ? Math.round((r.dueAt.getTime() - now.getTime()) / 1000) : null,
    }));
  return { held: json(held), followUps: json(followUps), recent: json(recent) };
}
