import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import { applyLanguage } from "./i18n.ts";
import { uploadWithProgress } from "./upload-with-progress.ts";

/** A stand-in XMLHttpRequest the test drives: progress, an answer, a failure. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = "";
  responseType = "";
  withCredentials = true;
  aborted = false;
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  // Test controls.
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

const current = () => {
  if (!FakeXhr.last) throw new Error("no request was made");
  return FakeXhr.last;
};

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => applyLanguage("en"));

const photo = () => new File(["jpeg bytes"], "page-1.jpg", { type: "image/jpeg" });

describe("uploadWithProgress", () => {
  it("posts the file as multipart under its field, reports progress and resolves with the JSON", async () => {
    const progress: number[] = [];
    const file = photo();
    const done = uploadWithProgress({
      url: "/api/student/copies/c1/pages",
      file,
      fields: { index: "2" },
      onProgress: (f) => progress.push(f),
    });
    const xhr = current();
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/student/copies/c1/pages");
    expect(xhr.withCredentials).toBe(false);
    const sent = xhr.body?.get("file");
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe("page-1.jpg");
    expect(xhr.body?.get("index")).toBe("2");

    xhr.progress(25, 100);
    xhr.progress(50, 0, false); // unknown total: not reported
    xhr.progress(100, 100);
    xhr.answer(201, { id: "p1", position: 0 });

    await expect(done).resolves.toEqual({ id: "p1", position: 0 });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it("uses the given field name and method, and resolves null on an empty answer", async () => {
    const done = uploadWithProgress({
      url: "/api/x",
      file: new Blob(["%PDF"], { type: "application/pdf" }),
      fieldName: "pdf",
      method: "PUT",
    });
    const xhr = current();
    expect(xhr.method).toBe("PUT");
    expect(xhr.body?.get("pdf")).toHaveProperty("name", "upload");
    xhr.answer(204, "");
    await expect(done).resolves.toBeNull();
  });

  it("throws the server's message and code from the app's error shape", async () => {
    const done = uploadWithProgress({ url: "/api/x", file: photo() });
    current().answer(422, {
      error: { code: "VALIDATION_FAILED", message: "Each photo must be smaller than 8 MB." },
    });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Each photo must be smaller than 8 MB.");
    expect((error as ApiError).code).toBe("VALIDATION_FAILED");
    expect((error as ApiError).status).toBe(422);
  });

  it("reads a marked message in the interface language, as unwrap does", async () => {
    await applyLanguage("hi");
    const done = uploadWithProgress({ url: "/api/x", file: photo() });
    current().answer(403, {
      error: {
        code: "FORBIDDEN",
        message:
          "You have used all 3 attempts at this exam that your Pro plan allows. Choose a plan with more attempts to try it again.",
        text: {
          key: "You have used all {{count}} attempts at this exam that your {{plan}} plan allows. Choose a plan with more attempts to try it again.",
          values: { count: 3, plan: "Pro" },
        },
      },
    });
    const error = (await done.catch((e: unknown) => e)) as ApiError;
    expect(error.message).toContain("Pro प्लान");
  });

  it("says the server cannot be reached on a gateway error without the app's body", async () => {
    const done = uploadWithProgress({ url: "/api/x", file: photo() });
    current().answer(502, "<html>Bad gateway</html>");
    const error = (await done.catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe("UNAVAILABLE");
    expect(error.message).toBe("The server cannot be reached. Please try again.");
  });

  it("throws the offline error (status 0) when the connection drops", async () => {
    const done = uploadWithProgress({ url: "/api/x", file: photo() });
    current().fail();
    const error = (await done.catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe("You appear to be offline. Check your connection and try again.");
  });

  it("aborts the request when the signal fires, rejecting with an AbortError", async () => {
    const controller = new AbortController();
    const done = uploadWithProgress({ url: "/api/x", file: photo(), signal: controller.signal });
    controller.abort();
    expect(current().aborted).toBe(true);
    const error = (await done.catch((e: unknown) => e)) as DOMException;
    expect(error.name).toBe("AbortError");
  });

  it("sends nothing when the signal has already fired", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = (await uploadWithProgress({
      url: "/api/x",
      file: photo(),
      signal: controller.signal,
    }).catch((e: unknown) => e)) as DOMException;
    expect(error.name).toBe("AbortError");
    expect(FakeXhr.last).toBeNull();
  });
});
