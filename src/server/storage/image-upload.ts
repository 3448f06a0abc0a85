import { fileTypeFromBuffer } from "file-type";
import {
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  type ImageMime,
  UPLOAD_MESSAGES,
} from "../../shared/uploads.ts";
import { AppError } from "../lib/app-error.ts";

export type CheckedImage = { bytes: Buffer; mime: ImageMime; extension: string };

/** Reads an uploaded file, enforcing the size limit and checking its type by its content. */
export async function readImageUpload(file: unknown): Promise<CheckedImage> {
  if (!(file instanceof File)) throw new AppError("VALIDATION_FAILED", UPLOAD_MESSAGES.fileMissing);
  if (file.size > IMAGE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", UPLOAD_MESSAGES.imageTooLarge);
  }
  if (file.size === 0) throw new AppError("VALIDATION_FAILED", UPLOAD_MESSAGES.notAnImage);
  const bytes = Buffer.from(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  if (!mime || !(mime in IMAGE_TYPES)) {
    throw new AppError("VALIDATION_FAILED", UPLOAD_MESSAGES.notAnImage);
  }
  const imageMime = mime as ImageMime;
  return { bytes, mime: imageMime, extension: IMAGE_TYPES[imageMime] };
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
