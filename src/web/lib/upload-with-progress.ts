import { API_MESSAGES } from "../../shared/api-messages.ts";
import { ApiError, unwrap } from "./api.ts";

export type UploadOptions = {
  /** Same-origin path, e.g. `/api/student/copies/{id}/pages`. */
  url: string;
  /** The photo or PDF; a Blob that is not a File is sent under the name "upload". */
  file: Blob;
  /** The multipart field the route reads the file from. */
  fieldName?: string;
  /** Other multipart fields, sent before the file. */
  fields?: Record<string, string>;
  method?: "POST" | "PUT";
  /** The share of the body sent so far, 0 to 1 (1 once the server has answered). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([204, 205, 304]);

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The upload was cancelled.", "AbortError");
}

/**
 * Sends one file as multipart/form-data, reporting upload progress (fetch cannot), and resolves
 * with the answer's JSON (null for an empty answer). A refusal throws the app's `ApiError`, read
 * from the `{ error: { code, message } }` body exactly as `unwrap` reads it (the message in the
 * interface language where it is a marked text); a network failure throws the offline
 * `ApiError` (status 0), so callers retry both the same way. Aborting `signal` rejects with its
 * reason (an AbortError by default).
 */
export function uploadWithProgress({
  url,
  file,
  fieldName = "file",
  fields = {},
  method = "POST",
  onProgress,
  signal,
}: UploadOptions): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (file instanceof File) body.append(fieldName, file, file.name);
    else body.append(fieldName, file, "upload");

    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener("abort", onAbort);

    xhr.open(method, url);
    // Same origin: the session cookie goes with it; never to another site.
    xhr.withCredentials = false;
    xhr.responseType = "text";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      settle();
      const status = xhr.status;
      const text = xhr.responseText ?? "";
      if (status >= 200 && status < 300) {
        onProgress?.(1);
        if (NO_BODY.has(status) || text.trim() === "") {
          resolve(null);
          return;
        }
        try {
          resolve(JSON.parse(text));
        } catch {
          reject(new ApiError(status, `HTTP_${status}`, API_MESSAGES.unexpected));
        }
        return;
      }
      if (status < 200 || status > 599 || NO_BODY.has(status)) {
        reject(new ApiError(0, "NETWORK", API_MESSAGES.offline));
        return;
      }
      // The one reading of an error body the app has (api.ts): build a Response and unwrap it.
      unwrap(Promise.resolve(new Response(text, { status })) as never).then(
        () => reject(new ApiError(status, `HTTP_${status}`, API_MESSAGES.unexpected)),
        reject,
      );
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, "NETWORK", API_MESSAGES.offline));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(signal ? abortReason(signal) : new DOMException("Aborted", "AbortError"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(body);
  });
}
