import { UPLOAD_MESSAGES } from "../../shared/uploads.ts";
import { bodyLimit } from "../lib/route-policy.ts";

/** What a multipart form adds around its one file (boundaries, part headers, the file name). */
export const UPLOAD_FORM_OVERHEAD = 64 * 1024;

/**
 * Declares an upload route's body limit: the file's maximum plus the form around it, so an
 * oversized upload is refused before it is read (decision 030).
 */
export function uploadLimit(maxFileBytes: number, message: string = UPLOAD_MESSAGES.imageTooLarge) {
  return bodyLimit(maxFileBytes + UPLOAD_FORM_OVERHEAD, message);
}
