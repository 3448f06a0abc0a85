import { eq, sql } from "drizzle-orm";
import { msg } from "../../../shared/i18n/msg.ts";
import { type CsvQuestion, type CsvRowError, rowError } from "../../../shared/question-csv.ts";
import type { DbOrTx } from "../../db/client.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";

/** Names compare trimmed and case-insensitively, as the unique indexes do (lower(name)). */
const nameKey = (name: string) => name.trim().toLowerCase();
const topicKey = (subject: string, topic: string) => `${nameKey(subject)}\u0000${nameKey(topic)}`;

/** The file's subjects and topics that do not exist yet (as first written in the file). */
export type MissingTags = { subjects: string[]; topics: { subject: string; topic: string }[] };

type Taxonomy = {
  subjects: Map<string, string>;
  topics: Map<string, { id: string; subjectId: string }>;
};

async function loadTaxonomy(db: Pick<DbOrTx, "select">): Promise<Taxonomy> {
  const [subjectRows, topicRows] = await Promise.all([
    db.select({ id: subjects.id, name: subjects.name }).from(subjects),
    db
      .select({
        id: topics.id,
        subjectId: topics.subjectId,
        name: topics.name,
        subject: subjects.name,
      })
      .from(topics)
      .innerJoin(subjects, eq(subjects.id, topics.subjectId)),
  ]);
  return {
    subjects: new Map(subjectRows.map((s) => [nameKey(s.name), s.id])),
    topics: new Map(
      topicRows.map((t) => [topicKey(t.subject, t.name), { id: t.id, subjectId: t.subjectId }]),
    ),
  };
}

/** The subjects and topics the rows name that the taxonomy lacks, each once. */
function findMissing(rows: CsvQuestion[], taxonomy: Taxonomy): MissingTags {
  const missing: MissingTags = { subjects: [], topics: [] };
  const seen = new Set<string>();
  for (const q of rows) {
    if (!q.subject) continue;
    if (!taxonomy.subjects.has(nameKey(q.subject)) && !seen.has(nameKey(q.subject))) {
      seen.add(nameKey(q.subject));
      missing.subjects.push(q.subject);
    }
    if (!q.topic) continue;
    const key = topicKey(q.subject, q.topic);
    if (!taxonomy.topics.has(key) && !seen.has(key)) {
      seen.add(key);
      missing.topics.push({ subject: q.subject, topic: q.topic });
    }
  }
  return missing;
}

/** Creates the missing subjects (after the others) and topics; a name created meanwhile is kept. */
async function createMissing(tx: DbOrTx, missing: MissingTags) {
  if (missing.subjects.length > 0) {
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${subjects.sortOrder}), 0)` })
      .from(subjects);
    await tx
      .insert(subjects)
      .values(missing.subjects.map((name, i) => ({ name, sortOrder: (last?.n ?? 0) + i + 1 })))
      .onConflictDoNothing();
  }
  if (missing.topics.length > 0) {
    const subjectIds = (await loadTaxonomy(tx)).subjects;
    await tx
      .insert(topics)
      .values(
        missing.topics.map((t) => ({
          subjectId: subjectIds.get(nameKey(t.subject)) ?? "",
          name: t.topic,
        })),
      )
      .onConflictDoNothing();
  }
}

export type ResolvedTags = {
  subjectId: string | null;
  topicId: string | null;
  difficulty: CsvQuestion["difficulty"];
  pyqYear: number | null;
};

/** The rows to tag, and whether to create missing names (`create`) and write them (`write`). */
export type ResolveCsvTagsInput<Q> = { rows: Q[]; create: boolean; write: boolean };

/**
 * Turns the rows' subject and topic names into ids. A name the taxonomy lacks makes its row an
 * error (`Row N: Unknown subject 'X'.`), unless `create` is set: then (outside a dry run) the
 * missing subjects and topics are created in the caller's transaction first. `missing` lists them
 * either way, for the preview.
 */
export async function resolveCsvTags<Q extends CsvQuestion & { row: number }>(
  db: DbOrTx,
  { rows, ...options }: ResolveCsvTagsInput<Q>,
): Promise<{
  rows: (Q & { tags: ResolvedTags })[];
  errors: CsvRowError[];
  missing: MissingTags;
}> {
  let taxonomy = await loadTaxonomy(db);
  const missing = findMissing(rows, taxonomy);
  const hasMissing = missing.subjects.length > 0 || missing.topics.length > 0;
  if (options.create && options.write && hasMissing) {
    await createMissing(db, missing);
    taxonomy = await loadTaxonomy(db);
  }
  const resolved: (Q & { tags: ResolvedTags })[] = [];
  const errors: CsvRowError[] = [];
  for (const q of rows) {
    const base = { difficulty: q.difficulty, pyqYear: q.pyqYear };
    if (!q.subject) {
      resolved.push({ ...q, tags: { subjectId: null, topicId: null, ...base } });
      continue;
    }
    const subjectId = taxonomy.subjects.get(nameKey(q.subject));
    const topic = q.topic ? taxonomy.topics.get(topicKey(q.subject, q.topic)) : undefined;
    if (options.create && !options.write) {
      // A preview of an import that creates what is missing: the row will import.
      resolved.push({
        ...q,
        tags: { subjectId: subjectId ?? null, topicId: topic?.id ?? null, ...base },
      });
    } else if (!subjectId) {
      errors.push(
        rowError(q.row, msg("Row {{row}}: Unknown subject '{{subject}}'."), { subject: q.subject }),
      );
    } else if (q.topic && !topic) {
      errors.push(
        rowError(q.row, msg("Row {{row}}: Unknown topic '{{topic}}'."), { topic: q.topic }),
      );
    } else {
      resolved.push({ ...q, tags: { subjectId, topicId: topic?.id ?? null, ...base } });
    }
  }
  return { rows: resolved, errors, missing };
}

/** Row errors of both checks in the file's order. */
export function byRow(...lists: CsvRowError[][]): CsvRowError[] {
  return lists.flat().sort((a, b) => a.row - b.row);
}
