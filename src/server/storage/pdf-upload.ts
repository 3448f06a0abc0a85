import { QUIZ_PDF_MAX_BYTES, QUIZ_PDF_MESSAGES } from "../../shared/quizzes.ts";
import { checkFile } from "../files/file-pool.ts";
import { AppError } from "../lib/app-error.ts";

/** Reads an uploaded PDF: at most 10 MB, and a PDF by its bytes (never by its name or type). */
export async function readPdfUpload(file: unknown): Promise<Buffer> {
  if (!(file instanceof File)) throw new AppError("VALIDATION_FAILED", QUIZ_PDF_MESSAGES.missing);
  if (file.size > QUIZ_PDF_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", QUIZ_PDF_MESSAGES.tooLarge);
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  if ((await checkFile("detect", bytes)) !== "application/pdf") {
    throw new AppError("VALIDATION_FAILED", QUIZ_PDF_MESSAGES.notPdf);
  }
  return bytes;
}
