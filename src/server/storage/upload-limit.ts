import { UPLOAD_MESSAGES } from "../../shared/uploads.ts";
import { declare } from "../lib/route-policy.ts";

/** What a multipart form adds around its one file (boundaries, part headers, the file name). */
export const UPLOAD_FORM_OVERHEAD = 64 * 1024;

/**
 * Declares an upload route's body limit: the file's maximum plus the form around it, so an
 * oversized upload is refused before it is read (decision 030); the route counts against the
 * caller's upload rate (decision 057).
 */
export function uploadLimit(maxFileBytes: number, message: string = UPLOAD_MESSAGES.imageTooLarge) {
  return uploadBodyLimit(maxFileBytes + UPLOAD_FORM_OVERHEAD, message);
}

/**
 * An upload route whose body limit is the whole body's (a form with more fields, a raw file): its
 * limit, and the upload rate, as `uploadLimit`.
 */
export function uploadBodyLimit(maxBodyBytes: number, message: string) {
  return declare({ bodyLimit: { maxBytes: maxBodyBytes, message }, countsAsUpload: true });
}
