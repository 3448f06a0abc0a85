import { randomBytes } from "node:crypto";
import { LOGO_RULES } from "../../../shared/uploads.ts";
import { readImageUpload } from "../../storage/image-upload.ts";
import { type FileStorage, keyFromPublicPath, publicPathOf } from "../../storage/storage.ts";
import type { SettingsStore } from "./settings-store.ts";

const BUCKET = "site_logos";

/** The file a replaced logo leaves: deleted after the row moved on (a failure only leaves it). */
async function deleteOld(
  storage: FileStorage,
  previousUrl: string | null,
  currentUrl: string | null,
) {
  const key = previousUrl === currentUrl ? null : keyFromPublicPath(BUCKET, previousUrl);
  if (key) await storage.delete(BUCKET, key).catch(() => {});
}

/**
 * Stores an uploaded logo (PNG, JPEG or WebP up to 1 MB, typed by its bytes) as
 * site_logos/logo-{timestamp}-{random}.{ext}, a name never reused (the bucket is cached for a
 * year), then points the settings row at it and deletes the logo it replaced. A refused file
 * changes nothing; a failed save deletes the file it had stored.
 */
export async function uploadSiteLogo(
  settings: SettingsStore,
  storage: FileStorage,
  file: unknown,
  now = Date.now(),
) {
  const image = await readImageUpload(file, LOGO_RULES);
  const key = `logo-${now}-${randomBytes(4).toString("hex")}.${image.extension}`;
  await storage.put(BUCKET, key, image.bytes, image.mime);
  const url = publicPathOf(BUCKET, key);
  const change = await settings.setLogo(url).catch(async (error: unknown) => {
    await storage.delete(BUCKET, key).catch(() => {});
    throw error;
  });
  await deleteOld(storage, change.previousLogoUrl, url);
  return change.settings;
}

/** Removes the logo: the header shows the title again, link previews the generated icon. */
export async function removeSiteLogo(settings: SettingsStore, storage: FileStorage) {
  const change = await settings.setLogo(null);
  await deleteOld(storage, change.previousLogoUrl, null);
  return change.settings;
}
