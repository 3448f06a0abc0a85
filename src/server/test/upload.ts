import sharp from "sharp";
import { TEST_ORIGIN, type TestContext } from "./test-app.ts";

/** Posts one file as multipart form data, like the browser's file input does. */
export async function uploadFile(
  t: TestContext,
  path: string,
  file: { bytes: Uint8Array<ArrayBuffer> | Buffer; name: string; type?: string },
  cookie?: string,
  fields: Record<string, string> = {},
  /** Another instance of the app on the same database (TestContext.createInstance). */
  app: TestContext["app"] = t.app,
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
  return app.request(path, { method: "POST", body: form, headers }, env);
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

/**
 * Posts a question CSV to the import as the dialog does: the file (`csv`, text sent as UTF-8, or
 * bytes as they are) and the other fields as form fields (true/false as "true"/"false").
 */
export async function postCsvImport(
  t: TestContext,
  init: {
    cookie?: string;
    body: { csv?: string | Uint8Array } & Record<string, unknown>;
    app?: TestContext["app"];
  },
) {
  const { csv, ...fields } = init.body;
  const form = new FormData();
  if (csv !== undefined) {
    const bytes = typeof csv === "string" ? new TextEncoder().encode(csv) : new Uint8Array(csv);
    form.append("file", new File([bytes], "questions.csv", { type: "text/csv" }));
  }
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (init.cookie) headers.cookie = init.cookie;
  const env = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
  return (init.app ?? t.app).request(
    "/api/admin/questions/import",
    { method: "POST", body: form, headers },
    env,
  );
}
