import { eq, sql } from "drizzle-orm";
import { type ProfileUpdate, profileUpdateSchema } from "../../../shared/profile.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { checkFile } from "../../files/file-pool.ts";
import { AppError } from "../../lib/app-error.ts";
import { readImageUpload } from "../../storage/image-upload.ts";
import {
  type FileStorage,
  isSafeKey,
  keyFromPublicPath,
  publicPathOf,
} from "../../storage/storage.ts";

export type Profile = typeof profiles.$inferSelect;

export type UpdateOwnProfileInput = {
  userId: string;
  input: ProfileUpdate;
};

/** Updates the caller's own row only: the id always comes from the session, never the input. */
export async function updateOwnProfile(
  db: Db,
  { userId, input }: UpdateOwnProfileInput,
): Promise<Profile> {
  const values = profileUpdateSchema.parse(input);
  const [row] = await db
    .update(profiles)
    .set({
      fullName: values.fullName,
      mobileNumber: values.mobileNumber || null,
      address: values.address || null,
      dateOfBirth: values.dateOfBirth || null,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, userId))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Profile not found.");
  return row;
}

/**
 * Spec: the photo goes to profile_photos/{userId}/{userId}-{timestamp}.{ext} and the old file is
 * removed. We resize it to an avatar (which also drops its metadata) and store it as WebP.
 */
export async function uploadOwnPhoto(options: {
  db: Db;
  storage: FileStorage;
  userId: string;
  file: unknown;
  now?: number;
}): Promise<Profile> {
  const { db, storage, userId } = options;
  const image = await readImageUpload(options.file);
  // Resized on a file worker (decision 057): square, AVATAR_SIZE, WebP.
  const avatar = Buffer.from(await checkFile("avatar", image.bytes));
  const key = `${userId}/${userId}-${options.now ?? Date.now()}.webp`;
  if (!isSafeKey(key)) throw new AppError("BAD_REQUEST", "This account cannot store a photo.");

  const [current] = await db
    .select({ url: profiles.profilePhotoUrl })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!current) throw new AppError("NOT_FOUND", "Profile not found.");

  await storage.put("profile_photos", key, avatar, "image/webp");
  const [row] = await db
    .update(profiles)
    .set({ profilePhotoUrl: publicPathOf("profile_photos", key), updatedAt: sql`now()` })
    .where(eq(profiles.id, userId))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Profile not found.");

  // Only ever a file in the caller's own folder.
  const oldKey = keyFromPublicPath("profile_photos", current.url);
  if (oldKey && oldKey !== key && oldKey.startsWith(`${userId}/`)) {
    await storage.delete("profile_photos", oldKey).catch(() => {});
  }
  return row;
}
