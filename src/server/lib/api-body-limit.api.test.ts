import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSV_REQUIRED_HEADERS } from "../../shared/question-csv.ts";
import { user } from "../db/schema/auth.ts";
import { profiles } from "../db/schema/profiles.ts";
import { createExamFixture } from "../test/fixtures.ts";
import { setupTestApp, TEST_ORIGIN } from "../test/test-app.ts";
import { postCsvImport } from "../test/upload.ts";
import { API_BODY_LIMIT } from "./api-body-limit.ts";

const { t } = setupTestApp();

const socket = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };

/** A body that counts how much of it the server pulled. */
function countingStream(totalBytes: number, chunkBytes = 16 * 1024) {
  const state = { pulled: 0 };
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= totalBytes) return controller.close();
      state.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return t.app.request(
    path,
    {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...headers },
      body,
      duplex: "half",
    } as RequestInit,
    socket,
  );
}

describe("the /api body limit", () => {
  it("refuses a declared oversized sign-in at once, without reading it", async () => {
    const { stream, state } = countingStream(150 * 1024 * 1024);
    const response = await post("/api/auth/sign-in/email", stream, {
      "content-length": String(150 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: "The request is too large." },
    });
    // At most the one chunk a stream queues ahead of any read.
    expect(state.pulled).toBeLessThanOrEqual(16 * 1024);
  });

  it("stops reading a streamed body soon after the limit", async () => {
    const { stream, state } = countingStream(20 * 1024 * 1024);
    const response = await post("/api/auth/sign-in/email", stream);
    expect(response.status).toBe(413);
    // Stream buffering may pull a few chunks ahead, never the whole 20 MB.
    expect(state.pulled).toBeLessThan(API_BODY_LIMIT + 256 * 1024);
  });

  it("refuses an oversized sign-up and creates no account", async () => {
    const body = JSON.stringify({
      name: "Big",
      email: "big@example.com",
      password: "Tq7-violet-harbor-92",
      metadata: { full_name: "Big", address: "x".repeat(API_BODY_LIMIT) },
    });
    const response = await post("/api/auth/sign-up/email", body);
    expect(response.status).toBe(413);
    expect(await t.db.select().from(user).where(eq(user.email, "big@example.com"))).toEqual([]);
  });

  it("holds ordinary JSON routes to it and changes nothing", async () => {
    const student = await t.createUser("student");
    const before = await t.db.select().from(profiles).where(eq(profiles.id, student.id));
    const response = await t.request("/api/profile", {
      method: "PUT",
      cookie: student.cookie,
      body: { fullName: "Renamed", address: "x".repeat(API_BODY_LIMIT) },
    });
    expect(response.status).toBe(413);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, student.id))).toEqual(before);
  });

  it("keeps the larger limits of news content and the CSV import", async () => {
    const admin = await t.createUser("admin");
    const content = `<p>${"Long analysis. ".repeat(20_000)}</p>`;
    expect(content.length).toBeGreaterThan(4 * API_BODY_LIMIT);
    const news = await t.request("/api/news", {
      cookie: admin.cookie,
      body: { title: "A long read", content, excerpt: "", publishedDate: "2026-01-01" },
    });
    expect(news.status).toBe(201);

    const { exam } = await createExamFixture(t.db, { questionCount: 0 });
    const rows = Array.from({ length: 2000 }, (_, i) => `Question ${i}?,1,2,3,4,A,Because.`);
    const csv = [CSV_REQUIRED_HEADERS.join(","), ...rows].join("\n");
    expect(csv.length).toBeGreaterThan(API_BODY_LIMIT);
    const imported = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv },
    });
    expect(imported.status).toBe(200);
    expect((await imported.json()).inserted).toBe(2000);
  });
});
