import { randomUUID } from "node:crypto";
import { and, eq, exists, sql } from "drizzle-orm";
import { BOOKLET_MESSAGES } from "../../../shared/mains-test-schemas.ts";
import { BOOKLET_MAX_PAGES } from "../../../shared/mains-tests.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { mainsBookletFiles, mainsBooklets, mainsMarks } from "../../db/schema/mains-booklets.ts";
import { mainsTests } from "../../db/schema/mains-tests.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { readBookletFile } from "../../storage/answer-page-upload.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { assertWritable, fileView, lockWritable } from "./booklets.ts";

/**
 * A booklet's files (decision 063): photos or one PDF, each checked by its content on a file
 * worker (storage/answer-page-upload.ts#readBookletFile), stored in the private `answer_copies`
 * bucket under `mains-{booklet}/`, and served only to those allowed to read the booklet.
 */

type Who = Pick<Viewer, "userId" | "role">;

const fileNotFound = () => new AppError("NOT_FOUND", BOOKLET_MESSAGES.fileNotFound);

export type AddBookletFileInput = {
  storage: FileStorage;
  viewer: Who;
  attemptId: string;
  file: unknown;
  now: Date;
};

/**
 * POST …/booklet/files: one photo or the one PDF. A write the attempt no longer takes is refused
 * before the file is read; the file is checked on a worker; then, under the attempt's lock, a PDF
 * beside photos or a page past the booklet's 60 is refused, and the file is stored.
 */
export async function addBookletFile(db: Db, input: AddBookletFileInput) {
  const { storage, viewer, attemptId, now } = input;
  await assertWritable(db, { userId: viewer.userId, attemptId, now });
  const checked = await readBookletFile(input.file);
  const id = randomUUID();
  const subtype = checked.contentType.split("/")[1];
  const extension = subtype === "jpeg" ? "jpg" : subtype;
  return db.transaction(async (tx) => {
    const { booklet } = await lockWritable(tx, { userId: viewer.userId, attemptId, now });
    const files = await tx
      .select()
      .from(mainsBookletFiles)
      .where(eq(mainsBookletFiles.bookletId, booklet.id));
    const hasPdf = files.some((f) => f.pdfPages !== null);
    if ((checked.kind === "pdf" && files.length > 0) || (checked.kind === "image" && hasPdf)) {
      throw new AppError("VALIDATION_FAILED", BOOKLET_MESSAGES.pdfAndPhotos);
    }
    if (files.length >= BOOKLET_MAX_PAGES) {
      throw new AppError("VALIDATION_FAILED", BOOKLET_MESSAGES.tooManyPages);
    }
    const key = `mains-${booklet.id}/${id}.${extension}`;
    await storage.put("answer_copies", key, checked.bytes, checked.contentType);
    const [row] = await tx
      .insert(mainsBookletFiles)
      .values({
        id,
        bookletId: booklet.id,
        storageKey: key,
        contentType: checked.contentType,
        bytes: checked.bytes.length,
        pdfPages: checked.kind === "pdf" ? checked.pages : null,
      })
      .returning();
    if (!row) throw new Error("insert returned nothing");
    return { bookletId: booklet.id, file: fileView(row) };
  });
}

export type RemoveBookletFileInput = {
  storage: FileStorage;
  viewer: Who;
  attemptId: string;
  fileId: string;
  now: Date;
};

/** DELETE …/booklet/files/:fileId: a file off the student's booklet while it is being written. */
export async function removeBookletFile(db: Db, input: RemoveBookletFileInput) {
  const { viewer, attemptId, fileId, now } = input;
  const key = await db.transaction(async (tx) => {
    const { booklet } = await lockWritable(tx, { userId: viewer.userId, attemptId, now });
    const [file] = await tx
      .delete(mainsBookletFiles)
      .where(and(eq(mainsBookletFiles.id, fileId), eq(mainsBookletFiles.bookletId, booklet.id)))
      .returning({ storageKey: mainsBookletFiles.storageKey });
    if (!file) throw fileNotFound();
    return file.storageKey;
  });
  await input.storage.delete("answer_copies", key).catch(() => undefined);
  return { removed: fileId };
}

export type OpenBookletFileInput = {
  storage: FileStorage;
  viewer: Who;
  fileId: string;
  now: Date;
};

/**
 * GET /api/mains-tests/booklet-files/:fileId, to those allowed to read the booklet: its student;
 * admins; a mentor with a live claim on any of its markings (or the booklet), or who marked one;
 * and, once the test's results are out, a student who took the same test when the booklet's
 * student shares their answers. Anyone else gets the same 404 as for a file that does not exist.
 */
export async function openBookletFile(db: DbOrTx, input: OpenBookletFileInput) {
  const { viewer, fileId, now } = input;
  const [found] = await db
    .select({ file: mainsBookletFiles, booklet: mainsBooklets, test: mainsTests })
    .from(mainsBookletFiles)
    .innerJoin(mainsBooklets, eq(mainsBooklets.id, mainsBookletFiles.bookletId))
    .innerJoin(mainsTests, eq(mainsTests.id, mainsBooklets.testId))
    .where(eq(mainsBookletFiles.id, fileId));
  if (!found || !(await mayRead(db, { viewer, found, now }))) throw fileNotFound();
  const stored = await input.storage.get("answer_copies", found.file.storageKey);
  if (!stored) throw fileNotFound();
  return { stored, contentType: found.file.contentType };
}

async function mayRead(
  db: DbOrTx,
  {
    viewer,
    found,
    now,
  }: {
    viewer: Who;
    found: {
      booklet: typeof mainsBooklets.$inferSelect;
      test: typeof mainsTests.$inferSelect;
    };
    now: Date;
  },
) {
  const { booklet, test } = found;
  if (viewer.role === "admin" || booklet.userId === viewer.userId) return true;
  if (viewer.role === "mentor") {
    if (
      booklet.claimedBy === viewer.userId &&
      booklet.claimExpiresAt &&
      booklet.claimExpiresAt > now
    )
      return true;
    const [mark] = await db
      .select({ id: mainsMarks.id })
      .from(mainsMarks)
      .where(
        and(
          eq(mainsMarks.bookletId, booklet.id),
          eq(mainsMarks.mentorId, viewer.userId),
          sql`(${mainsMarks.status} = 'marked' or (${mainsMarks.status} = 'claimed' and ${mainsMarks.claimExpiresAt} > ${now}))`,
        ),
      )
      .limit(1);
    return Boolean(mark);
  }
  if (viewer.role !== "student" || !booklet.shareAnswers || !test.resultsPublishedAt) return false;
  const [took] = await db
    .select({ yes: sql<number>`1` })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.mainsTestId, test.id),
        eq(examAttempts.userId, viewer.userId),
        exists(
          db
            .select({ one: sql`1` })
            .from(mainsBooklets)
            .where(
              and(
                eq(mainsBooklets.attemptId, examAttempts.id),
                sql`${mainsBooklets.status} in ('submitted', 'evaluated')`,
              ),
            ),
        ),
      ),
    );
  return Boolean(took);
}
