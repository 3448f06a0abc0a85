import { eq } from "drizzle-orm";
import { TAXONOMY_MESSAGES } from "../../../shared/taxonomy.ts";
import type { DbOrTx } from "../../db/client.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * The taxonomy's rule for anything tagged with a subject and a topic (Mains questions, live
 * classes, notes, videos): the topic must exist and belong to the subject (the subject is taken
 * from the topic when none is given), and the subject must exist. A 422 otherwise.
 */
export async function checkTaxonomy<T extends { subjectId: string | null; topicId: string | null }>(
  db: DbOrTx,
  input: T,
): Promise<T> {
  if (input.topicId) {
    const [topic] = await db.select().from(topics).where(eq(topics.id, input.topicId));
    if (!topic) throw new AppError("VALIDATION_FAILED", TAXONOMY_MESSAGES.unknownTopic);
    if (input.subjectId && topic.subjectId !== input.subjectId) {
      throw new AppError("VALIDATION_FAILED", TAXONOMY_MESSAGES.topicNotInSubject);
    }
    return { ...input, subjectId: topic.subjectId };
  }
  if (input.subjectId) {
    const [subject] = await db.select().from(subjects).where(eq(subjects.id, input.subjectId));
    if (!subject) throw new AppError("VALIDATION_FAILED", TAXONOMY_MESSAGES.unknownSubject);
  }
  return input;
}
