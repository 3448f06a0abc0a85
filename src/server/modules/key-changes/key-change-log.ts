import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { OptionKey, Role } from "../../../shared/constants.ts";
import type { KeyHold } from "../../../shared/key-gate.ts";
import { KEY_CHANGE_MESSAGES } from "../../../shared/question-reports.ts";
import type { DbOrTx } from "../../db/client.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { keyChanges, questionReports } from "../../db/schema/question-reports.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { AppError } from "../../lib/app-error.ts";
import { keyHolds, quizVisibleToStudents } from "../answer-keys/key-gate.ts";

export type KeyChangeLogInput = {
  /** An exam's (or live test's) id, or a quiz's. */
  paperId: string;
  /** Null: a visitor, for whom every key is held. */
  viewer: { userId: string; role: Role } | null;
  now: Date;
};

/**
 * A paper's public key-change log (decision 064): every key change and drop of its questions,
 * oldest first, with the question's number in the paper and whether its regrade is done. What
 * changed (the question, the old and new key, the reason, the credited reporters) is shown only
 * where the answer-keys gate opens that question's key to the reader (decision 060): a student
 * who has not answered it, a live test before its results, a visitor see only that question N
 * changed on that day.
 */
export async function getKeyChangeLog(db: DbOrTx, { paperId, viewer, now }: KeyChangeLogInput) {
  const paper = await findPaper(db, { paperId, viewer, now });
  const { owner, ownerOfQuestion } = paper;
  const rows = await db
    .select({
      id: keyChanges.id,
      questionId: keyChanges.questionId,
      kind: keyChanges.kind,
      oldAnswers: keyChanges.oldAnswers,
      newAnswers: keyChanges.newAnswers,
      dropRule: keyChanges.dropRule,
      reason: keyChanges.reason,
      reasonHi: keyChanges.reasonHi,
      createdAt: keyChanges.createdAt,
      regradedAt: keyChanges.regradedAt,
      questionText: questions.questionText,
      translations: questions.translations,
      // Its number in the paper: the paper's order (created, then id), from the paper's index.
      number: sql<number>`(select count(*) from ${questions} q2
        where ${ownerOfQuestion} = ${paperId}
          and (q2.created_at, q2.id) <= (${questions.createdAt}, ${questions.id}))::int`,
    })
    .from(keyChanges)
    .innerJoin(questions, eq(questions.id, keyChanges.questionId))
    .where(eq(owner, paperId))
    .orderBy(asc(keyChanges.createdAt), asc(keyChanges.id));

  const holds: Map<string, KeyHold> = viewer
    ? await keyHolds(db, { viewer, questionIds: rows.map((r) => r.questionId), now })
    : new Map(rows.map((r) => [r.questionId, "unanswered" as const]));
  const open = rows.filter((r) => !holds.has(r.questionId)).map((r) => r.id);
  const credits = open.length
    ? await db
        .select({ keyChangeId: questionReports.keyChangeId, name: profiles.fullName })
        .from(questionReports)
        .innerJoin(profiles, eq(profiles.id, questionReports.userId))
        .where(
          and(
            inArray(questionReports.keyChangeId, open),
            eq(questionReports.creditMe, true),
            isNotNull(profiles.fullName),
          ),
        )
        .orderBy(asc(questionReports.createdAt))
    : [];

  return {
    paper: { kind: paper.kind, id: paper.id, title: paper.title, titleHi: paper.titleHi },
    items: rows.map((row) => {
      const hold = holds.get(row.questionId) ?? null;
      return {
        id: row.id,
        number: Number(row.number),
        kind: row.kind,
        createdAt: row.createdAt.toISOString(),
        regraded: row.regradedAt !== null,
        /** Why what changed is not shown to this reader, or null. */
        keyHold: hold,
        change: hold
          ? null
          : {
              questionText: row.questionText,
              questionTextHi: row.translations.hi?.questionText ?? null,
              oldAnswers: row.oldAnswers as OptionKey[],
              newAnswers: row.newAnswers as OptionKey[],
              dropRule: row.dropRule,
              reason: row.reason,
              reasonHi: row.reasonHi,
              credits: credits
                .filter((c) => c.keyChangeId === row.id && c.name?.trim())
                .map((c) => (c.name ?? "").trim()),
            },
      };
    }),
  };
}

type FindPaperInput = Omit<KeyChangeLogInput, never>;

/** The exam or quiz by id; a quiz not yet published is not found except by an admin. */
async function findPaper(db: DbOrTx, { paperId, viewer, now }: FindPaperInput) {
  const [exam] = await db
    .select({ id: exams.id, title: exams.title })
    .from(exams)
    .where(eq(exams.id, paperId));
  if (exam) {
    const columns = { owner: keyChanges.examId, ownerOfQuestion: sql`q2.exam_id` };
    return { kind: "exam" as const, ...exam, titleHi: null, ...columns };
  }
  const [quiz] = await db
    .select({ id: quizzes.id, title: quizzes.title, titleHi: quizzes.titleHi })
    .from(quizzes)
    .where(
      viewer?.role === "admin"
        ? eq(quizzes.id, paperId)
        : and(eq(quizzes.id, paperId), quizVisibleToStudents(now)),
    );
  if (quiz) {
    const columns = { owner: keyChanges.quizId, ownerOfQuestion: sql`q2.quiz_id` };
    return { kind: "quiz" as const, ...quiz, ...columns };
  }
  throw new AppError("NOT_FOUND", KEY_CHANGE_MESSAGES.paperNotFound);
}

export type KeyChangeLog = Awaited<ReturnType<typeof getKeyChangeLog>>;
