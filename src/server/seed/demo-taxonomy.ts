import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { questions } from "../db/schema/exams.ts";
import { subjects, topics } from "../db/schema/taxonomy.ts";
import { DEMO_TAXONOMY, demoTagOf } from "./demo-tags.ts";

const key = (...names: string[]) => names.map((n) => n.toLowerCase()).join("\u0000");

/** A demo question's tag columns, by its English text. */
export type DemoTagger = (questionText: string) => {
  subjectId: string;
  topicId: string;
  difficulty: "easy" | "medium" | "hard";
};

/**
 * The demo subjects and topics (idempotent: stable ids, ON CONFLICT DO NOTHING; a subject or
 * topic an admin created with the same name is used, one an admin renamed keeps its id), and the
 * tagger that gives each demo question its ids.
 */
export async function seedDemoTaxonomy(
  db: DbOrTx,
  demoId: (key: string) => string,
): Promise<DemoTagger> {
  await db
    .insert(subjects)
    .values(
      DEMO_TAXONOMY.map((s, i) => ({
        id: demoId(`subject:${s.subject}`),
        name: s.subject,
        sortOrder: i + 1,
      })),
    )
    .onConflictDoNothing();
  const subjectRows = await db.select({ id: subjects.id, name: subjects.name }).from(subjects);
  const subjectIds = new Map(subjectRows.map((s) => [key(s.name), s.id]));
  const subjectIdOf = (subject: string) =>
    subjectIds.get(key(subject)) ?? demoId(`subject:${subject}`);
  await db
    .insert(topics)
    .values(
      DEMO_TAXONOMY.flatMap((s) =>
        s.topics.map((topic) => ({
          id: demoId(`topic:${s.subject}:${topic}`),
          subjectId: subjectIdOf(s.subject),
          name: topic,
        })),
      ),
    )
    .onConflictDoNothing();
  const topicRows = await db
    .select({ id: topics.id, subjectId: topics.subjectId, name: topics.name })
    .from(topics);
  const topicIds = new Map(topicRows.map((t) => [key(t.subjectId, t.name), t]));
  const byId = new Map(topicRows.map((t) => [t.id, t]));
  return (questionText) => {
    const tag = demoTagOf(questionText);
    const topic =
      topicIds.get(key(subjectIdOf(tag.subject), tag.topic)) ??
      byId.get(demoId(`topic:${tag.subject}:${tag.topic}`));
    if (!topic) throw new Error(`Demo topic missing: ${tag.subject} / ${tag.topic}`);
    // The topic's own subject: the pair always satisfies questions_topic_of_subject_fk.
    return { subjectId: topic.subjectId, topicId: topic.id, difficulty: tag.difficulty };
  };
}

/**
 * ON CONFLICT for demo questions: a question seeded before the taxonomy existed gets its tags; a
 * question an admin has tagged (or whose tags an admin cleared after tagging) keeps them.
 */
export const tagUntaggedDemoQuestions = {
  target: questions.id,
  set: {
    subjectId: sql`excluded.subject_id`,
    topicId: sql`excluded.topic_id`,
    difficulty: sql`excluded.difficulty`,
    pyqYear: sql`excluded.pyq_year`,
  },
  setWhere: sql`${questions.subjectId} is null and ${questions.difficulty} is null and ${questions.pyqYear} is null`,
};
