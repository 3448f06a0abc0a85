import { COPY_PDF_MAX_BYTES, EVALUATION_MESSAGES } from "../../shared/evaluation.ts";
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
export async function readAnswerFile(file: unknown): Promise<CheckedAnswerFile> {
  if (!(file instanceof File)) {
    throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.fileMissing);
  }
  if (file.size === 0) throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.notACopyImage);
  if (file.size > COPY_PDF_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", EVALUATION_MESSAGES.pdfTooLarge);
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const checked = await checkFile("answerFile", bytes);
  if (checked.kind === "pdf") {
    return { kind: "pdf", bytes, contentType: "application/pdf", pages: checked.pages };
  }
  return {
    kind: "image",
    bytes: checked.converted ? Buffer.from(checked.converted) : bytes,
    contentType: checked.contentType,
  };
}
