import type { Bucket, ByteRange, FileStorage, StoredFile } from "./storage.ts";

/**
 * The part of a `size`-byte file a Range header asks for (RFC 9110 §14): "unsatisfiable" for a
 * range that starts past the end (416), null to answer with the whole file (no header, another
 * unit, several ranges, or a header that does not parse: a server may ignore Range).
 */
export function resolveRange(
  header: string | undefined,
  size: number,
): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    // A suffix: the last N bytes (all of them when N is larger than the file).
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Number(last);
  return { start, end: Math.min(end, size - 1) };
}

/**
 * A stored file as an HTTP answer with byte ranges, so a video can be sought (both drivers):
 * 200 with the whole file and `Accept-Ranges: bytes`, 206 with `Content-Range` for a range, 416
 * with `Content-Range: bytes *\/size` for one past the end. null when the file is missing.
 */
export async function serveStoredFile(
  storage: FileStorage,
  bucket: Bucket,
  key: string,
  options: { rangeHeader?: string; cacheControl: string; contentType?: string; fileName?: string },
): Promise<Response | null> {
  const info = await storage.stat(bucket, key);
  if (!info) return null;
  const headers = new Headers({
    "Content-Type": options.contentType ?? info.contentType,
    "Cache-Control": options.cacheControl,
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
    "Content-Disposition": options.fileName ? `inline; filename="${options.fileName}"` : "inline",
  });
  const range = resolveRange(options.rangeHeader, info.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${info.size}`);
    headers.delete("Content-Disposition");
    return new Response(null, { status: 416, headers });
  }
  const file = range ? await storage.getRange(bucket, key, range) : await storage.get(bucket, key);
  if (!file) return null;
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(file.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(info.size));
  return new Response(file.body, { status: 200, headers });
}

/**
 * A private file (an answer copy's page, a disability certificate) as the whole answer, after the
 * route's access check: never cached, never sniffed, shown inline.
 */
export function privateFileResponse(stored: StoredFile, contentType: string): Response {
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  });
  if (stored.size !== undefined) headers.set("Content-Length", String(stored.size));
  return new Response(stored.body, { status: 200, headers });
}
