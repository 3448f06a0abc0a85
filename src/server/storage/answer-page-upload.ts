import { COPY_PDF_MAX_BYTES, EVALUATION_MESSAGES } from "../../shared/evaluation.ts";
import { BOOKLET_MESSAGES } from "../../shared/mains-test-schemas.ts";
import { BOOKLET_PDF_MAX_BYTES } from "../../shared/mains-tests.ts";
import { checkFile } from "../files/file-pool.ts";
import { AppError } from "../lib/app-error.ts";

/** A checked page of an answer copy, ready to store. */
export type CheckedAnswerFile =
  | { kind: "image"; bytes: Buffer; contentType: "image/jpeg" | "image/png" | "image/webp" }
  | { kind: "pdf"; bytes: Buffer; contentType: "application/pdf"; pages: number };

/**
 * Reads one uploaded page of an answer copy, by its content: a photo (JPEG, PNG or WebP kept as
 * sent; HEIC converted to JPEG) of at most 8 MB, or a PDF of at most 20 MB and 12 pages. The
 * file is decoded on a file worker (files/file-checks.ts#answerFile, decision 057).
 */
export function readAnswerFile(file: unknown): Promise<CheckedAnswerFile> {
  return readPage(file, "answerFile", COPY_PDF_MAX_BYTES, EVALUATION_MESSAGES.pdfTooLarge);
}

/**
 * Reads one file of a Mains test's booklet (decision 063): a photo as an answer copy's, or one
 * PDF of at most 40 MB and 60 pages (files/file-checks.ts#bookletFile, on a file worker).
 */
export function readBookletFile(file: unknown): Promise<CheckedAnswerFile> {
  return readPage(file, "bookletFile", BOOKLET_PDF_MAX_BYTES, BOOKLET_MESSAGES.pdfTooLarge);
}

async function readPage(
  file: unknown,
  check: "answerFile" | "bookletFile",
  maxBytes: number,
  tooLarge: string,
): Promise<CheckedAnswerFile> {
  if (!(file instanceof File)) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.fileMissing);
  }
  if (file.size === 0) throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.notACopyImage);
  if (file.size > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
  const bytes = Buffer.from(await file.arrayBuffer());
  const checked = await checkFile(check, bytes);
  if (checked.kind === "pdf") {
    return { kind: "pdf", bytes, contentType: "application/pdf", pages: checked.pages };
  }
  return {
    kind: "image",
    bytes: checked.converted ? Buffer.from(checked.converted) : bytes,
    contentType: checked.contentType,
  };
}
