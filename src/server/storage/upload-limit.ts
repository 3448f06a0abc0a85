import { bodyLimit } from "hono/body-limit";
import { UPLOAD_MESSAGES } from "../../shared/uploads.ts";
import { AppError } from "../lib/app-error.ts";

/** Refuses an oversized upload before reading it (the form's own overhead is allowed for). */
export function uploadLimit(maxFileBytes: number, message: string = UPLOAD_MESSAGES.imageTooLarge) {
  return bodyLimit({
    maxSize: maxFileBytes + 64 * 1024,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", message);
    },
  });
}
