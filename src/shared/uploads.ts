import { msg } from "./i18n/msg.ts";

/** Spec: editor images (and, by the same rule, profile photos) may be at most 5 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Raster image types we accept, recognised by their content (never SVG: it can carry script). */
export const IMAGE_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
} as const;
export type ImageMime = keyof typeof IMAGE_TYPES;

export const UPLOAD_MESSAGES = {
  imageTooLarge: msg("Please upload an image smaller than 5MB."),
  notAnImage: msg("Only image files (JPEG, PNG, GIF, WebP or AVIF) can be uploaded."),
  fileMissing: msg("Choose an image file to upload."),
} as const;
