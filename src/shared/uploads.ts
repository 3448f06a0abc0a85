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

/** Every upload's refusals that are not about one kind of file (decision 057). */
export const FILE_CHECK_MESSAGES = {
  tooComplex: msg(
    "This file could not be checked: it takes too long or too much memory to read. Save or export it again (for example as a new PDF or a new photo) and upload that copy.",
  ),
  busy: msg("Many files are being checked right now. Please try again in a minute."),
  tooManyUploads: msg(
    "You have uploaded many files in a short time. Please try again in {{minutes}} min.",
  ),
} as const;

/** What one kind of upload accepts: its size limit, its types, and the words for a refusal. */
export type ImageRules = {
  maxBytes: number;
  types: readonly ImageMime[];
  tooLarge: string;
  wrongType: string;
};

/** Editor images and profile photos. */
export const IMAGE_RULES: ImageRules = {
  maxBytes: IMAGE_MAX_BYTES,
  types: Object.keys(IMAGE_TYPES) as ImageMime[],
  tooLarge: UPLOAD_MESSAGES.imageTooLarge,
  wrongType: UPLOAD_MESSAGES.notAnImage,
};

/**
 * The site logo: loaded on every page and shown in link previews, so small and in the types
 * every browser and preview reader shows (no GIF, no AVIF).
 */
export const LOGO_RULES: ImageRules = {
  maxBytes: 1024 * 1024,
  types: ["image/png", "image/jpeg", "image/webp"],
  tooLarge: msg("Please upload a logo smaller than 1MB."),
  wrongType: msg("The logo must be a PNG, JPEG or WebP image."),
};
