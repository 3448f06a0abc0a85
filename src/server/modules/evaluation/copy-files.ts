import { eq } from "drizzle-orm";
import { EVALUATION_MESSAGES } from "../../../shared/evaluation.ts";
import type { DbOrTx } from "../../db/client.ts";
import { answerCopies, answerCopyFiles } from "../../db/schema/evaluation.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { holdsClaim } from "./mentor-desk.ts";

export type OpenCopyFileInput = {
  storage: FileStorage;
  viewer: Pick<Viewer, "userId" | "role">;
  fileId: string;
  now: Date;
};

/**
 * A copy's file, to those allowed to read it: its student, the mentor holding a live claim on it
 * or who evaluated it, and admins. Anyone else (another student, a mentor before claiming or
 * after the claim lapsed) gets the same 404 as for a file that does not exist.
 */
export async function openCopyFile(
  db: DbOrTx,
  { storage, viewer, fileId, now }: OpenCopyFileInput,
) {
  const [found] = await db
    .select({ file: answerCopyFiles, copy: answerCopies })
    .from(answerCopyFiles)
    .innerJoin(answerCopies, eq(answerCopies.id, answerCopyFiles.copyId))
    .where(eq(answerCopyFiles.id, fileId));
  const allowed =
    found &&
    (viewer.role === "admin" ||
      found.copy.userId === viewer.userId ||
      (viewer.role === "mentor" &&
        (holdsClaim(found.copy, viewer.userId, now) ||
          (found.copy.status === "evaluated" && found.copy.evaluatedBy === viewer.userId))));
  if (!found || !allowed) throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.copyNotFound);
  const stored = await storage.get("answer_copies", found.file.storageKey);
  if (!stored) throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.copyNotFound);
  return { stored, contentType: found.file.contentType };
}
