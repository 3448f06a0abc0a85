import { randomUUID } from "node:crypto";
import { DISCUSSION_MESSAGES, POST_IMAGE_MAX_BYTES } from "../../../shared/discussions.ts";
import type { DbOrTx } from "../../db/client.ts";
import { checkFile } from "../../files/file-pool.ts";
import { AppError } from "../../lib/app-error.ts";
import type { FileStorage, StoredFile } from "../../storage/storage.ts";
import { assertShown, type DiscussionViewer, openPost } from "./discussion-access.ts";

/**
 * A post's one image (decision 064): checked and drawn again as WebP on a file worker
 * (files/file-checks.ts#postImage), kept in the private `discussion_images` bucket and served
 * only through the post, after the key gate.
 */

const BUCKET = "discussion_images";

/** Reads and checks an uploaded image: its WebP bytes, ready to store. */
export async function readPostImage(file: unknown): Promise<Buffer> {
  if (!(file instanceof File))
    throw new AppError("VALIDATION_FAILED", DISCUSSION_MESSAGES.imageMissing);
  if (file.size > POST_IMAGE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", DISCUSSION_MESSAGES.imageTooLarge);
  }
  if (file.size === 0) throw new AppError("VALIDATION_FAILED", DISCUSSION_MESSAGES.notAnImage);
  const drawn = await checkFile("postImage", Buffer.from(await file.arrayBuffer()));
  return Buffer.from(drawn);
}

/** Stores a checked image under a new key of the server's choosing. */
export async function storePostImage(storage: FileStorage, bytes: Buffer): Promise<string> {
  const key = `${randomUUID()}.webp`;
  await storage.put(BUCKET, key, bytes, "image/webp");
  return key;
}

/** Removes an image whose post was not written (best effort: an orphan file harms no one). */
export async function dropPostImage(storage: FileStorage, key: string): Promise<void> {
  await storage.delete(BUCKET, key).catch(() => undefined);
}

export type OpenPostImageInput = {
  storage: FileStorage;
  viewer: DiscussionViewer;
  postId: string;
  now: Date;
};

/** A post's image for the viewer: 404 unless they may reach its question and see the post. */
export async function openPostImage(
  db: DbOrTx,
  { storage, viewer, postId, now }: OpenPostImageInput,
): Promise<StoredFile> {
  const post = await openPost(db, { viewer, postId, now });
  assertShown(viewer.role, post);
  const stored = post.imageKey ? await storage.get(BUCKET, post.imageKey) : null;
  if (!stored) throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.postNotFound);
  return stored;
}
