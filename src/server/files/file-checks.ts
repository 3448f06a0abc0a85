import { decodeCsvBytes } from "../../shared/csv-text.ts";
import { DISCUSSION_MESSAGES, POST_IMAGE_MAX_BYTES } from "../../shared/discussions.ts";
import {
  COPY_IMAGE_LONG_SIDE,
  COPY_IMAGE_MAX_BYTES,
  COPY_PDF_MAX_PAGES,
  EVALUATION_MESSAGES,
} from "../../shared/evaluation.ts";
import { BOOKLET_MESSAGES } from "../../shared/mains-test-schemas.ts";
import { BOOKLET_MAX_PAGES } from "../../shared/mains-tests.ts";
import { AVATAR_SIZE } from "../../shared/profile.ts";
import { type CsvValidation, validateQuestionCsv } from "../../shared/question-csv.ts";
import { AppError } from "../lib/app-error.ts";

/*
 * Everything that decodes an uploaded file's bytes (decision 057). These run only inside the file
 * workers (file-pool.ts), never on the thread that answers requests: a file crafted to take
 * seconds or gigabytes to read costs a worker that is stopped at its limits, not the server.
 * An AppError thrown here reaches the route as it is; anything a check returns must survive
 * structured cloning (plain objects, strings, numbers, Uint8Array).
 */

/** The type by the file's content (magic bytes), or null when unknown. */
async function detect(bytes: Uint8Array): Promise<string | null> {
  const { fileTypeFromBuffer } = await import("file-type");
  return (await fileTypeFromBuffer(bytes))?.mime ?? null;
}

const KEPT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
type KeptImageType = (typeof KEPT_IMAGE_TYPES)[number];

/** A checked page of an answer copy: a PDF's page count, or a photo (HEIC converted to JPEG). */
export type AnswerFileCheck =
  | { kind: "pdf"; pages: number }
  | { kind: "image"; contentType: KeptImageType; converted?: Uint8Array };

async function loadSharp() {
  return (await import("sharp")).default;
}

/** HEIC/HEIF from an iPhone: decoded with libheif (WebAssembly) and stored as JPEG. */
async function heicToJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  // @ts-expect-error heic-decode ships no types; its one function is typed here.
  const { default: decode } = (await import("heic-decode")) as unknown as {
    default: (input: { buffer: Uint8Array }) => Promise<{
      width: number;
      height: number;
      data: Uint8ClampedArray;
    }>;
  };
  const image = await decode({ buffer: bytes });
  const sharp = await loadSharp();
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .resize({
      width: COPY_IMAGE_LONG_SIDE,
      height: COPY_IMAGE_LONG_SIDE,
      fit: "inside",
      withoutEnlargement: true,
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * One uploaded page of an answer copy, by its content: a PDF of 1 to 12 pages, or a photo (JPEG,
 * PNG or WebP kept as sent, HEIC converted to JPEG) of at most 8 MB whose picture can be read.
 */
function answerFile(bytes: Uint8Array): Promise<AnswerFileCheck> {
  return answerPage(bytes, COPY_PDF_MAX_PAGES, EVALUATION_MESSAGES.pdfTooManyPages);
}

/**
 * One file of a Mains test's booklet (decision 063): as an answer copy's page, but a PDF may
 * hold the whole booklet, up to 60 pages.
 */
function bookletFile(bytes: Uint8Array): Promise<AnswerFileCheck> {
  return answerPage(bytes, BOOKLET_MAX_PAGES, BOOKLET_MESSAGES.pdfTooManyPages);
}

async function answerPage(
  bytes: Uint8Array,
  maxPdfPages: number,
  tooManyPages: string,
): Promise<AnswerFileCheck> {
  const mime = await detect(bytes);
  if (mime === "application/pdf") {
    const { PDFDocument } = await import("pdf-lib");
    let pages: number;
    try {
      pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    } catch {
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.pdfUnreadable);
    }
    if (pages < 1) throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.pdfUnreadable);
    if (pages > maxPdfPages) throw new AppError("VALIDATION_FAILED", tooManyPages);
    return { kind: "pdf", pages };
  }
  if (bytes.byteLength > COPY_IMAGE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", EVALUATION_MESSAGES.imageTooLarge);
  }
  if (mime === "image/heic" || mime === "image/heif") {
    try {
      return { kind: "image", contentType: "image/jpeg", converted: await heicToJpeg(bytes) };
    } catch {
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.notACopyImage);
    }
  }
  if (!mime || !(KEPT_IMAGE_TYPES as readonly string[]).includes(mime)) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.notACopyImage);
  }
  // A photo whose header is right but whose picture cannot be read is refused too.
  const sharp = await loadSharp();
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.notACopyImage);
  }
  return { kind: "image", contentType: mime as KeptImageType };
}

/** A profile photo made into the avatar: square, resized, WebP (which also drops its metadata). */
async function avatar(bytes: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(
      "VALIDATION_FAILED",
      "This image could not be read. Please choose another image.",
    );
  }
}

/** A discussion post's image is drawn at most this wide or tall. */
const POST_IMAGE_LONG_SIDE = 1600;

/**
 * A discussion post's image (decision 064): a photo or a screenshot, by its content, as an answer
 * copy's photo is read (JPEG, PNG, WebP; HEIC converted), then drawn again as WebP at most 1600
 * pixels on its long side, which also drops its metadata (a phone photo's location).
 */
async function postImage(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.byteLength > POST_IMAGE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", DISCUSSION_MESSAGES.imageTooLarge);
  }
  const mime = await detect(bytes);
  let source = bytes;
  if (mime === "image/heic" || mime === "image/heif") {
    try {
      source = await heicToJpeg(bytes);
    } catch {
      throw new AppError("VALIDATION_FAILED", DISCUSSION_MESSAGES.notAnImage);
    }
  } else if (!mime || !(KEPT_IMAGE_TYPES as readonly string[]).includes(mime)) {
    throw new AppError("VALIDATION_FAILED", DISCUSSION_MESSAGES.notAnImage);
  }
  const sharp = await loadSharp();
  try {
    return await sharp(source, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize({
        width: POST_IMAGE_LONG_SIDE,
        height: POST_IMAGE_LONG_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError("VALIDATION_FAILED", DISCUSSION_MESSAGES.notAnImage);
  }
}

/**
 * An admin's question CSV: its bytes decoded strictly (UTF-8, or UTF-16 with its BOM), parsed and
 * validated row by row, as the import and its dry run take it.
 */
async function questionCsv(bytes: Uint8Array): Promise<CsvValidation> {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) throw new AppError("VALIDATION_FAILED", decoded.message);
  const { default: Papa } = await import("papaparse");
  const parsed = Papa.parse<string[]>(decoded.text, { skipEmptyLines: "greedy" });
  const malformed = parsed.errors.find((e) => e.type === "Quotes");
  if (malformed) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Could not read the CSV file: ${malformed.message} (row ${(malformed.row ?? 0) + 1}).`,
    );
  }
  return validateQuestionCsv(parsed.data);
}

/** The checks a file worker runs, by name (file-pool.ts#checkFile). */
export const FILE_CHECKS = { detect, answerFile, bookletFile, avatar, postImage, questionCsv };
export type FileCheckName = keyof typeof FILE_CHECKS;
export type FileCheckResult<Name extends FileCheckName> = Awaited<
  ReturnType<(typeof FILE_CHECKS)[Name]>
>;
