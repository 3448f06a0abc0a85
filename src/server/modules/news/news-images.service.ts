import { readImageUpload, safeBaseName } from "../../storage/image-upload.ts";
import { type FileStorage, publicPathOf } from "../../storage/storage.ts";

/**
 * Spec: editor images go to news_images as "{timestamp}-{name}" with whitespace turned into
 * underscores; the extension comes from the detected type, not from the name.
 */
export async function uploadNewsImage(storage: FileStorage, file: unknown, now = Date.now()) {
  const image = await readImageUpload(file);
  const name = file instanceof File ? file.name : "";
  const key = `${now}-${safeBaseName(name)}.${image.extension}`;
  await storage.put("news_images", key, image.bytes, image.mime);
  return { path: key, url: publicPathOf("news_images", key) };
}
