import {
  IMAGE_RULES,
  IMAGE_TYPES,
  type ImageMime,
  type ImageRules,
  UPLOAD_MESSAGES,
} from "../../shared/uploads.ts";
import { checkFile } from "../files/file-pool.ts";
import { AppError } from "../lib/app-error.ts";

export type CheckedImage = { bytes: Buffer; mime: ImageMime; extension: string };

/**
 * Reads an uploaded file, enforcing the size limit and checking its type by its content (editor
 * images' rules unless others are given: the logo's).
 */
export async function readImageUpload(
  file: unknown,
  rules: ImageRules = IMAGE_RULES,
): Promise<CheckedImage> {
  if (!(file instanceof File)) throw new AppError("VALIDATION_FAILED", UPLOAD_MESSAGES.fileMissing);
  if (file.size > rules.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", rules.tooLarge);
  if (file.size === 0) throw new AppError("VALIDATION_FAILED", rules.wrongType);
  const bytes = Buffer.from(await file.arrayBuffer());
  const mime = ((await checkFile("detect", bytes)) ?? undefined) as ImageMime | undefined;
  if (!mime || !rules.types.includes(mime)) {
    throw new AppError("VALIDATION_FAILED", rules.wrongType);
  }
  return { bytes, mime, extension: IMAGE_TYPES[mime] };
}

/** Spec: whitespace in names becomes underscores; we also drop anything unsafe in a path. */
export function safeBaseName(originalName: string): string {
  const withoutExtension = originalName.replace(/\.[^.]*$/, "");
  const cleaned = withoutExtension
    .trim()
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9_-]/g, "")
    .replace(/^[-_]+/, "")
    .slice(0, 80);
  return cleaned || "image";
}
