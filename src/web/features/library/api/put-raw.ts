import { ApiError, unwrap } from "@web/lib/api.ts";
import { API_MESSAGES } from "../../../../shared/api-messages.ts";

/**
 * PUTs a file as the raw request body (not a multipart form), reporting upload progress: the
 * video route streams such a body to storage. Errors read like every other API error.
 */
export function putRawWithProgress(options: {
  url: string;
  file: File;
  onProgress?: (fraction: number) => void;
}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", options.url);
    xhr.responseType = "text";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", options.file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    };
    xhr.onload = () => {
      const text = xhr.responseText ?? "";
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        try {
          resolve(text ? JSON.parse(text) : null);
        } catch {
          reject(new ApiError(xhr.status, `HTTP_${xhr.status}`, API_MESSAGES.unexpected));
        }
        return;
      }
      unwrap(Promise.resolve(new Response(text, { status: xhr.status })) as never).then(
        () => reject(new ApiError(xhr.status, `HTTP_${xhr.status}`, API_MESSAGES.unexpected)),
        reject,
      );
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", API_MESSAGES.offline));
    xhr.send(options.file);
  });
}
