import { fileTypeFromBuffer } from "file-type";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import {
  COPY_IMAGE_LONG_SIDE,
  COPY_IMAGE_MAX_BYTES,
  COPY_PDF_MAX_BYTES,
  COPY_PDF_MAX_PAGES,
  EVALUATION_MESSAGES,
} from "../../shared/evaluation.ts";
import { AppError } from "../lib/app-error.ts";

/** A checked page of an answer copy, ready to store. */
export type CheckedAnswerFile =
  | { kind: "image"; bytes: Buffer; contentType: "image/jpeg" | "image/png" | "image/webp" }
  | { kind: "pdf"; bytes: Buffer; contentType: "application/pdf"; pages: number };

const KEPT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
type KeptImageType = (typeof KEPT_IMAGE_TYPES)[number];

/** HEIC/HEIF from an iPhone: decoded with libheif (WebAssembly) and stored as JPEG. */
async function heicToJpeg(bytes: Buffer): Promise<Buffer> {
  // @ts-expect-error heic-decode ships no types; its one function is typed here.
  const { default: decode } = (await import("heic-decode")) as unknown as {
    default: (input: { buffer: Buffer }) => Promise<{
      width: number;
      height: number;
      data: Uint8ClampedArray;
    }>;
  };
  const image = await decode({ buffer: bytes });
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
 * Reads one uploaded page of an answer copy, by its content: a photo (JPEG, PNG or WebP kept as
 * sent; HEIC converted to JPEG) of at most 8 MB, or a PDF of at most 20 MB and 12 pages.
 */
export async function readAnswerFile(file: unknown): Promise<CheckedAnswerFile> {
  if (!(file instanceof File)) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.fileMissing);
  }
  if (file.size === 0) throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.notACopyImage);
  if (file.size > COPY_PDF_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", EVALUATION_MESSAGES.pdfTooLarge);
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (mime === "application/pdf") {
    let pages: number;
    try {
      pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    } catch {
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.pdfUnreadable);
    }
    if (pages < 1) throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.pdfUnreadable);
    if (pages > COPY_PDF_MAX_PAGES) {
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.pdfTooManyPages);
    }
    return { kind: "pdf", bytes, contentType: "application/pdf", pages };
  }
  if (file.size > COPY_IMAGE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", EVALUATION_MESSAGES.imageTooLarge);
  }
  if (mime === "image/heic" || mime === "image/heif") {
    try {
      return { kind: "image", bytes: await heicToJpeg(bytes), contentType: "image/jpeg" };
    } catch {
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.notACopyImage);
    }
  }
  if (!mime || !(KEPT_IMAGE_TYPES as readonly string[]).includes(mime)) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.notACopyImage);
  }
  // A photo whose header is right but whose picture cannot be read is refused too.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.notACopyImage);
  }
  return { kind: "image", bytes, contentType: mime as KeptImageType };
}
