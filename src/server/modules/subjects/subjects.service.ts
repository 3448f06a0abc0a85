import { and, asc, count, eq, ilike, inArray, max, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { pageOf } from "../../../shared/page.ts";
import type { SearchPageQuery } from "../../../shared/pagination.ts";
import {
  type subjectInputSchema,
  TAXONOMY_MESSAGES,
  type topicInputSchema,
} from "../../../shared/taxonomy.ts";
import type { Db } from "../../db/client.ts";
import { questions } from "../../db/schema/exams.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import { FOREIGN_KEY_VIOLATION, isUniqueViolation, pgErrorCode } from "../../lib/db-errors.ts";
import { containsPattern } from "../../lib/search.ts";

type SubjectInput = z.output<typeof subjectInputSchema>;
type TopicInput = z.output<typeof topicInputSchema>;

const bySubjectOrder = [asc(subjects.sortOrder), asc(subjects.name)];

/**
 * The admin's taxonomy, a page at a time: subjects in their order (found by their name or a
 * topic's), each with its topics (by name) and how many questions carry each, counted for the
 * page's subjects only over the indexed question columns.
 */
export async function listSubjects(db: Db, filter: SearchPageQuery) {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  // A subject is found by its own name or by one of its topics' names.
  const where = pattern
    ? or(
        ilike(subjects.name, pattern),
        sql`exists (select 1 from ${topics} t where t.subject_id = ${subjects.id} and t.name ilike ${pattern})`,
      )
    : undefined;
  const [subjectRows, [total]] = await Promise.all([
    db
      .select({ id: subjects.id, name: subjects.name })
      .from(subjects)
      .where(where)
      .orderBy(...bySubjectOrder, asc(subjects.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(subjects).where(where),
  ]);
  const ids = subjectRows.map((s) => s.id);
  const [topicRows, subjectCounts, topicCounts] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select({ id: topics.id, subjectId: topics.subjectId, name: topics.name })
            .from(topics)
            .where(inArray(topics.subjectId, ids))
            .orderBy(asc(sql`lower(${topics.name})`)),
          db
            .select({ id: questions.subjectId, n: count() })
            .from(questions)
            .where(inArray(questions.subjectId, ids))
            .groupBy(questions.subjectId),
          db
            .select({ id: questions.topicId, n: count() })
            .from(questions)
            .where(and(inArray(questions.subjectId, ids), sql`${questions.topicId} is not null`))
            .groupBy(questions.topicId),
        ]);
  const subjectCount = new Map(subjectCounts.map((r) => [r.id, r.n]));
  const topicCount = new Map(topicCounts.map((r) => [r.id, r.n]));
  const items = subjectRows.map((s) => ({
    ...s,
    questionCount: subjectCount.get(s.id) ?? 0,
    topics: topicRows
      .filter((t) => t.subjectId === s.id)
      .map((t) => ({ id: t.id, name: t.name, questionCount: topicCount.get(t.id) ?? 0 })),
  }));
  return pageOf(items, total, filter);
}

/** Subjects and their topics, names only: what any signed-in user may read (filters). */
export async function listSubjectOptions(db: Db) {
  const [subjectRows, topicRows] = await Promise.all([
    db
      .select({ id: subjects.id, name: subjects.name })
      .from(subjects)
      .orderBy(...bySubjectOrder),
    db
      .select({ id: topics.id, subjectId: topics.subjectId, name: topics.name })
      .from(topics)
      .orderBy(asc(sql`lower(${topics.name})`)),
  ]);
  return subjectRows.map((s) => ({
    ...s,
    topics: topicRows.filter((t) => t.subjectId === s.id).map((t) => ({ id: t.id, name: t.name })),
  }));
}

function duplicateSubject(error: unknown, name: string): never {
  if (isUniqueViolation(error, "subjects_name_key")) {
    throw new AppError("CONFLICT", TAXONOMY_MESSAGES.duplicateSubject(name));
  }
  throw error;
}

/** A new subject, listed after the others. */
export async function createSubject(db: Db, input: SubjectInput) {
  const [last] = await db.select({ n: max(subjects.sortOrder) }).from(subjects);
  const [row] = await db
    .insert(subjects)
    .values({ name: input.name, sortOrder: (last?.n ?? 0) + 1 })
    .returning({ id: subjects.id, name: subjects.name })
    .catch((e) => duplicateSubject(e, input.name));
  return row;
}

export type RenameSubjectInput = {
  id: string;
  input: SubjectInput;
};

export async function renameSubject(db: Db, { id, input }: RenameSubjectInput) {
  const [row] = await db
    .update(subjects)
    .set({ name: input.name, updatedAt: new Date() })
    .where(eq(subjects.id, id))
    .returning({ id: subjects.id, name: subjects.name })
    .catch((e) => duplicateSubject(e, input.name));
  if (!row) throw new AppError("NOT_FOUND", TAXONOMY_MESSAGES.subjectNotFound);
  return row;
}

/**
 * Refused while questions carry the subject (the spec's blocked-delete pattern; the foreign key
 * would refuse it too). Its topics are then unused as well and go with it.
 */
export async function deleteSubject(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const [subject] = await tx
      .select({ id: subjects.id })
      .from(subjects)
      .where(eq(subjects.id, id))
      .for("update");
    if (!subject) throw new AppError("NOT_FOUND", TAXONOMY_MESSAGES.subjectNotFound);
    const [linked] = await tx
      .select({ n: count() })
      .from(questions)
      .where(eq(questions.subjectId, id));
    const n = linked?.n ?? 0;
    if (n > 0) {
      throw new AppError("CONFLICT", TAXONOMY_MESSAGES.subjectInUse(n), { questionCount: n });
    }
    await tx.delete(topics).where(eq(topics.subjectId, id));
    await tx.delete(subjects).where(eq(subjects.id, id));
    return { id };
  });
}

async function subjectName(db: Pick<Db, "select">, subjectId: string) {
  const [row] = await db
    .select({ name: subjects.name })
    .from(subjects)
    .where(eq(subjects.id, subjectId));
  return row?.name ?? "";
}

async function duplicateTopic(db: Db, error: unknown, name: string, subjectId: string) {
  if (isUniqueViolation(error, "topics_subject_name_key")) {
    throw new AppError(
      "CONFLICT",
      TAXONOMY_MESSAGES.duplicateTopic(name, await subjectName(db, subjectId)),
    );
  }
  // The subject was deleted meanwhile.
  if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) {
    throw new AppError("NOT_FOUND", TAXONOMY_MESSAGES.subjectNotFound);
  }
  throw error;
}

export type CreateTopicInput = {
  subjectId: string;
  input: TopicInput;
};

export async function createTopic(db: Db, { subjectId, input }: CreateTopicInput) {
  const [subject] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(eq(subjects.id, subjectId));
  if (!subject) throw new AppError("NOT_FOUND", TAXONOMY_MESSAGES.subjectNotFound);
  try {
    const [row] = await db
      .insert(topics)
      .values({ subjectId, name: input.name })
      .returning({ id: topics.id, subjectId: topics.subjectId, name: topics.name });
    return row;
  } catch (error) {
    return duplicateTopic(db, error, input.name, subjectId);
  }
}

export type RenameTopicInput = {
  id: string;
  input: TopicInput;
};

export async function renameTopic(db: Db, { id, input }: RenameTopicInput) {
  const [topic] = await db
    .select({ subjectId: topics.subjectId })
    .from(topics)
    .where(eq(topics.id, id));
  if (!topic) throw new AppError("NOT_FOUND", TAXONOMY_MESSAGES.topicNotFound);
  try {
    const [row] = await db
      .update(topics)
      .set({ name: input.name, updatedAt: new Date() })
      .where(eq(topics.id, id))
      .returning({ id: topics.id, subjectId: topics.subjectId, name: topics.name });
    if (!row) throw new AppError("NOT_FOUND", TAXONOMY_MESSAGES.topicNotFound);
    return row;
  } catch (error) {
    return duplicateTopic(db, error, input.name, topic.subjectId);
  }
}

/** Refused while questions carry the topic: reassign them, or merge the topic instead. */
export async function deleteTopic(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const [topic] = await tx
      .select({ id: topics.id })
      .from(topics)
      .where(eq(topics.id, id))
      .for("update");
    if (!topic) throw new AppError("NOT_FOUND", TAXONOMY_MESSAGES.topicNotFound);
    const [linked] = await tx
      .select({ n: count() })
      .from(questions)
      .where(eq(questions.topicId, id));
    const n = linked?.n ?? 0;
    if (n > 0) {
      throw new AppError("CONFLICT", TAXONOMY_MESSAGES.topicInUse(n), { questionCount: n });
    }
    await tx.delete(topics).where(eq(topics.id, id));
    return { id };
  });
}

export type MergeTopicInput = {
  id: string;
  targetTopicId: string;
};

/**
 * Moves every question of the topic to the target topic (and to the target's subject, when the
 * target belongs to another one), then deletes the emptied topic: one transaction, both topic
 * rows locked, so a question tagged meanwhile cannot be left on a deleted topic.
 */
export async function mergeTopic(db: Db, { id, targetTopicId }: MergeTopicInput) {
  if (id === targetTopicId) throw new AppError("BAD_REQUEST", TAXONOMY_MESSAGES.mergeIntoItself);
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: topics.id, subjectId: topics.subjectId })
      .from(topics)
      .where(sql`${topics.id} in (${id}, ${targetTopicId})`)
      .orderBy(asc(topics.id))
      .for("update");
    const source = locked.find((t) => t.id === id);
    const target = locked.find((t) => t.id === targetTopicId);
    if (!source) throw new AppError("NOT_FOUND", TAXONOMY_MESSAGES.topicNotFound);
    if (!target) throw new AppError("BAD_REQUEST", TAXONOMY_MESSAGES.unknownTopic);
    const moved = await tx
      .update(questions)
      .set({ topicId: target.id, subjectId: target.subjectId })
      .where(eq(questions.topicId, id))
      .returning({ id: questions.id });
    await tx.delete(topics).where(eq(topics.id, id));
    return { id, targetTopicId: target.id, moved: moved.length };
  });
}
