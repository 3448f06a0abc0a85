// The answer save's direct path (decision 053) against its Hono route: the same app served twice
// on free ports, once as production serves it (direct routes first, serveOptions) and once through
// Hono alone. Every case sends the same request to both and requires the same answer: status,
// body and headers (the request id, the date and, for a compressed answer, the framing aside).
import { gunzipSync, inflateSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettings } from "../db/schema/content.ts";
import { studentAnswers } from "../db/schema/exams.ts";
import { API_BODY_LIMIT } from "../lib/api-body-limit.ts";
import { createExamFixture } from "../test/fixtures.ts";
import { listen } from "../test/listen.ts";
import { setupTestApp, TEST_ORIGIN } from "../test/test-app.ts";

const { t, student, other, admin, mentor } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin", mentor: "mentor" },
});

/** The app served through Hono alone, as before decision 053. */
function listenHonoOnly(app: { fetch: typeof t.app.fetch }) {
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            if ("closeAllConnections" in server) server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

let direct: Awaited<ReturnType<typeof listen>>;
let hono: Awaited<ReturnType<typeof listenHonoOnly>>;

beforeAll(async () => {
  direct = await listen(t.app);
  hono = await listenHonoOnly(t.app);
});
afterAll(async () => {
  await direct?.close();
  await hono?.close();
});

type Sent = { path: string; headers?: Record<string, string>; body?: string };

/** What an answer is, for comparing: status, headers without the per-request ones, and body. */
async function read(response: Response, raw: boolean) {
  const headers = Object.fromEntries(
    [...response.headers].filter(
      ([name]) =>
        ![
          "date",
          "x-request-id",
          "connection",
          "keep-alive",
          "content-length",
          "transfer-encoding",
        ].includes(name),
    ),
  );
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("content-encoding");
  const text = !raw
    ? bytes.toString()
    : encoding === "gzip"
      ? gunzipSync(bytes).toString()
      : encoding === "deflate"
        ? inflateSync(bytes).toString()
        : bytes.toString();
  return {
    status: response.status,
    headers,
    // serverNow is the time of each save; the two saves are moments apart.
    body: text.replace(/"serverNow":"[^"]+"/, '"serverNow":"…"'),
  };
}

/** The same request to both servers (Hono first); both answers, read alike. */
async function both(sent: Sent, options: { raw?: boolean } = {}) {
  const init = (): RequestInit => {
    const headers: Record<string, string> = {
      origin: TEST_ORIGIN,
      "content-type": "application/json",
      ...sent.headers,
    };
    // An empty value: the header is not sent at all.
    for (const [name, value] of Object.entries(headers)) if (value === "") delete headers[name];
    return { method: "POST", headers, body: sent.body };
  };
  // Node's fetch would decompress: `raw` reads the bytes as they came.
  const get = async (base: string) => {
    if (!options.raw) return read(await fetch(base + sent.path, init()), false);
    const { request } = await import("node:http");
    const url = new URL(base + sent.path);
    const requestInit = init();
    return new Promise<Awaited<ReturnType<typeof read>>>((resolve, reject) => {
      const req = request(
        url,
        { method: "POST", headers: requestInit.headers as Record<string, string> },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (typeof value === "string") headers.set(name, value);
            }
            resolve(
              read(new Response(Buffer.concat(chunks), { status: res.statusCode, headers }), true),
            );
          });
        },
      );
      req.on("error", reject);
      req.end(sent.body);
    });
  };
  const viaHono = await get(hono.url);
  const viaDirect = await get(direct.url);
  return { viaHono, viaDirect };
}

let seq = 1;
const answer = (questionId: string, selectedAnswer: "A" | "B" | null = "A") => ({
  questionId,
  selectedAnswer,
  markedForReview: false,
  clientSeq: seq++,
});

async function openAttempt(cookie: string, questionCount = 4) {
  const fixture = await createExamFixture(t.db, { questionCount });
  const started = await t.request(`/api/exams/${fixture.exam.id}/attempts`, {
    method: "POST",
    cookie,
  });
  expect(started.status).toBe(200);
  return { ...fixture, attemptId: (await started.json()).attempt.id as string };
}

const stored = (attemptId: string) =>
  t.db
    .select({
      q: studentAnswers.questionId,
      a: studentAnswers.selectedAnswer,
      s: studentAnswers.clientSeq,
    })
    .from(studentAnswers)
    .where(eq(studentAnswers.attemptId, attemptId))
    .orderBy(asc(studentAnswers.questionId));

describe("the answer save's direct path answers as its Hono route does", () => {
  it("saves an answer, with the same headers and receipt", async () => {
    const { attemptId, questions } = await openAttempt(student.cookie);
    const path = `/api/attempts/${attemptId}/answers`;
    const q = questions[0]!.id;
    const { viaHono, viaDirect } = await both({
      path,
      headers: { cookie: student.cookie },
      // Each side saves its own newer choice; the receipts are alike.
      body: JSON.stringify({ answers: [answer(q, "B")] }),
    });
    expect(viaHono.status).toBe(200);
    expect(viaDirect).toEqual(viaHono);
    expect(viaDirect.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(viaDirect.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(viaDirect.body)).toMatchObject({ saved: 1, rejected: [], stale: [] });
    expect(await stored(attemptId)).toEqual([{ q, a: "B", s: seq - 1 }]);
  });

  it("sends the caller's request id back, and makes one otherwise", async () => {
    const { attemptId, questions } = await openAttempt(student.cookie);
    const send = (headers: Record<string, string>) =>
      fetch(`${direct.url}/api/attempts/${attemptId}/answers`, {
        method: "POST",
        headers: {
          origin: TEST_ORIGIN,
          "content-type": "application/json",
          cookie: student.cookie,
          ...headers,
        },
        body: JSON.stringify({ answers: [answer(questions[0]!.id)] }),
      });
    expect((await send({ "x-request-id": "req-123.abc" })).headers.get("x-request-id")).toBe(
      "req-123.abc",
    );
    expect(
      (await send({ "x-request-id": "not an id: spaces" })).headers.get("x-request-id"),
    ).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ["no session", () => ({})],
    ["a mentor", () => ({ cookie: mentor.cookie })],
    ["a foreign origin", () => ({ cookie: student.cookie, origin: "https://evil.example" })],
    [
      "a cross-site page without Origin",
      () => ({ cookie: student.cookie, origin: "", "sec-fetch-site": "cross-site" }),
    ],
  ])("refuses %s the same way, and stores nothing", async (_name, headers) => {
    const { attemptId, questions } = await openAttempt(student.cookie);
    const sent = headers() as Record<string, string>;
    const { viaHono, viaDirect } = await both({
      path: `/api/attempts/${attemptId}/answers`,
      headers: sent,
      body: JSON.stringify({ answers: [answer(questions[0]!.id)] }),
    });
    expect(viaHono.status).toBeGreaterThanOrEqual(400);
    expect(viaDirect).toEqual(viaHono);
    expect(await stored(attemptId)).toEqual([]);
  });

  it("refuses another student's attempt and a malformed id with the same 404", async () => {
    const { attemptId, questions } = await openAttempt(other.cookie);
    const body = JSON.stringify({ answers: [answer(questions[0]!.id)] });
    for (const path of [`/api/attempts/${attemptId}/answers`, "/api/attempts/not-a-uuid/answers"]) {
      const { viaHono, viaDirect } = await both({
        path,
        headers: { cookie: student.cookie },
        body,
      });
      expect(viaHono.status).toBe(404);
      expect(viaDirect).toEqual(viaHono);
    }
    expect(await stored(attemptId)).toEqual([]);
  });

  it.each([
    ["malformed JSON", '{"answers": ['],
    ["an empty batch", JSON.stringify({ answers: [] })],
    [
      "a bad choice",
      JSON.stringify({
        answers: [{ questionId: "x", selectedAnswer: "Z", markedForReview: false, clientSeq: 1 }],
      }),
    ],
    ["a question of another exam", null],
  ])("refuses %s the same way, and stores nothing", async (_name, given) => {
    const { attemptId } = await openAttempt(student.cookie);
    const foreign = await createExamFixture(t.db);
    const body = given ?? JSON.stringify({ answers: [answer(foreign.questions[0]!.id)] });
    const { viaHono, viaDirect } = await both({
      path: `/api/attempts/${attemptId}/answers`,
      headers: { cookie: student.cookie },
      body,
    });
    expect([400, 422]).toContain(viaHono.status);
    expect(viaDirect).toEqual(viaHono);
    expect(await stored(attemptId)).toEqual([]);
  });

  it("refuses a body over the limit the same way", async () => {
    const { attemptId } = await openAttempt(student.cookie);
    const { viaHono, viaDirect } = await both({
      path: `/api/attempts/${attemptId}/answers`,
      headers: { cookie: student.cookie },
      body: JSON.stringify({ answers: [], pad: "x".repeat(API_BODY_LIMIT) }),
    });
    expect(viaHono.status).toBe(413);
    expect(viaDirect).toEqual(viaHono);
    expect(await stored(attemptId)).toEqual([]);
  });

  it("refuses a submitted attempt's saves the same way", async () => {
    const { attemptId, questions } = await openAttempt(student.cookie);
    const submitted = await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(submitted.status).toBe(200);
    const before = await stored(attemptId);
    const { viaHono, viaDirect } = await both({
      path: `/api/attempts/${attemptId}/answers`,
      headers: { cookie: student.cookie },
      body: JSON.stringify({ answers: [answer(questions[0]!.id)] }),
    });
    expect(viaHono.status).toBe(409);
    expect(viaDirect).toEqual(viaHono);
    expect(await stored(attemptId)).toEqual(before);
  });

  it("closes for maintenance with the same 503 and Retry-After, and stays open to an admin", async () => {
    const mine = await openAttempt(student.cookie);
    const admins = await openAttempt(admin.cookie);
    await t.db.update(siteSettings).set({ maintenanceMode: true });
    // The settings store keeps what it read for a few seconds: a new instance reads it now.
    const fresh = t.createInstance();
    const instance = await listen(fresh);
    const honoOnly = await listenHonoOnly(fresh);
    try {
      const send = async (base: string, attemptId: string, cookie: string, q: string) =>
        read(
          await fetch(`${base}/api/attempts/${attemptId}/answers`, {
            method: "POST",
            headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie },
            body: JSON.stringify({ answers: [answer(q)] }),
          }),
          false,
        );
      const q = mine.questions[0]!.id;
      const viaHono = await send(honoOnly.url, mine.attemptId, student.cookie, q);
      const viaDirect = await send(instance.url, mine.attemptId, student.cookie, q);
      expect(viaHono.status).toBe(503);
      expect(viaHono.headers["retry-after"]).toBe("300");
      expect(viaDirect).toEqual(viaHono);
      expect(await stored(mine.attemptId)).toEqual([]);
      const adminSave = await send(
        instance.url,
        admins.attemptId,
        admin.cookie,
        admins.questions[0]!.id,
      );
      expect(adminSave.status).toBe(200);
    } finally {
      await honoOnly.close();
      await instance.close();
      await t.db.update(siteSettings).set({ maintenanceMode: false });
    }
  });

  it.each([
    ["gzip", "gzip, deflate, br"],
    ["deflate by q", "gzip;q=0.4, deflate;q=0.5"],
    ["none", "identity"],
    ["no Accept-Encoding", undefined],
  ])("compresses a large answer as compress() does (%s)", async (_name, accepted) => {
    // 40 questions of another exam beside one of its own: the receipt lists 40 rejected ids.
    const { attemptId, questions } = await openAttempt(student.cookie);
    const foreign = await createExamFixture(t.db, { questionCount: 40 });
    const body = () =>
      JSON.stringify({
        answers: [answer(questions[0]!.id), ...foreign.questions.map((q) => answer(q.id))],
      });
    const headers: Record<string, string> = { cookie: student.cookie };
    if (accepted) headers["accept-encoding"] = accepted;
    const viaHono = (
      await both(
        { path: `/api/attempts/${attemptId}/answers`, headers, body: body() },
        { raw: true },
      )
    ).viaHono;
    const viaDirect = (
      await both(
        { path: `/api/attempts/${attemptId}/answers`, headers, body: body() },
        { raw: true },
      )
    ).viaDirect;
    expect(viaHono.status).toBe(200);
    expect(JSON.parse(viaHono.body).rejected).toHaveLength(40);
    expect(viaDirect).toEqual(viaHono);
  });

  it("leaves a request it does not claim to Hono", async () => {
    const { attemptId, questions } = await openAttempt(student.cookie);
    // Not JSON: the direct path passes it on untouched, and Hono answers it.
    const { viaHono, viaDirect } = await both({
      path: `/api/attempts/${attemptId}/answers`,
      headers: { cookie: student.cookie, "content-type": "text/plain" },
      body: JSON.stringify({ answers: [answer(questions[0]!.id)] }),
    });
    expect(viaDirect).toEqual(viaHono);
  });
});
