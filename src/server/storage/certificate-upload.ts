import {
  ACCOMMODATION_MESSAGES,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_TYPES,
  type CertificateMime,
} from "../../shared/accommodations.ts";
import { checkFile } from "../files/file-pool.ts";
import { AppError } from "../lib/app-error.ts";

const isCertificateType = (mime: string | undefined): mime is CertificateMime =>
  mime !== undefined && Object.hasOwn(CERTIFICATE_TYPES, mime);

/**
 * Reads an uploaded disability certificate: a PDF, JPEG or PNG by its bytes (never by its name
 * or the browser's type), at most 5 MB.
 */
export async function readCertificateUpload(
  file: unknown,
): Promise<{ bytes: Buffer; contentType: CertificateMime; extension: string }> {
  if (!(file instanceof File) || file.size === 0) {
    throw new AppError("VALIDATION_FAILED", ACCOMMODATION_MESSAGES.fileMissing);
  }
  if (file.size > CERTIFICATE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", ACCOMMODATION_MESSAGES.tooLarge);
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const mime = (await checkFile("detect", bytes)) ?? undefined;
  if (!isCertificateType(mime)) {
    throw new AppError("VALIDATION_FAILED", ACCOMMODATION_MESSAGES.wrongType);
  }
  return { bytes, contentType: mime, extension: CERTIFICATE_TYPES[mime] };
}
