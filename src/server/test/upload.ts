import sharp from "sharp";
import { TEST_ORIGIN, type TestContext } from "./test-app.ts";

/** Posts one file as multipart form data, like the browser's file input does. */
export async function uploadFile(
  t: TestContext,
  path: string,
  file: { bytes: Uint8Array<ArrayBuffer> | Buffer; name: string; type?: string },
  cookie?: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append(
    "file",
    new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/png" }),
  );
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  const env = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
  return t.app.request(path, { method: "POST", body: form, headers }, env);
}

/** A real image of the given size and format, made in memory. */
export function makeImage(
  width = 40,
  height = 30,
  format: "png" | "jpeg" | "webp" = "png",
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .toFormat(format)
    .toBuffer();
}

/** Reads a stored file through the app, as a browser would load it. */
export async function fetchStored(t: TestContext, url: string) {
  return t.app.request(url, {}, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
}
