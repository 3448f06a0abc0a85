// Every route's body limit at its edge: the limit's own size is read and answered by the route,
// one byte more is refused with the route's message (decision 030).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUIZ_PDF_MAX_BYTES, QUIZ_PDF_MESSAGES } from "../../shared/quizzes.ts";
import { IMAGE_MAX_BYTES, LOGO_RULES, UPLOAD_MESSAGES } from "../../shared/uploads.ts";
import { dailyNewsAnalysis, siteSettings } from "../db/schema/content.ts";
import { profiles } from "../db/schema/profiles.ts";
import { quizzes } from "../db/schema/quizzes.ts";
import { NEWS_BODY_LIMIT, NEWS_BODY_LIMIT_MESSAGE } from "../modules/news/news.routes.ts";
import {
  WEBHOOK_BODY_LIMIT,
  WEBHOOK_BODY_LIMIT_MESSAGE,
} from "../modules/payments/payments.routes.ts";
import { CSV_BODY_LIMIT, CSV_BODY_LIMIT_MESSAGE } from "../modules/questions/questions.routes.ts";
import { UPLOAD_FORM_OVERHEAD } from "../storage/upload-limit.ts";
import { createQuizFixture } from "../test/fixtures.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "../test/test-app.ts";
import { makeImage } from "../test/upload.ts";
import { API_BODY_LIMIT, API_BODY_LIMIT_MESSAGE } from "./api-body-limit.ts";

let t: TestContext;
let admin: Awaited<ReturnType<TestContext["createUser"]>>;
let student: Awaited<ReturnType<TestContext["createUser"]>>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser("admin");
  student = await t.createUser("student");
});
afterAll(async () => {
  await t.close();
});

const env = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };

/** `base` as JSON, padded in `padKey` to exactly `size` bytes. */
function jsonOfSize(base: Record<string, unknown>, padKey: string, size: number) {
  const empty = Buffer.byteLength(JSON.stringify({ ...base, [padKey]: "" }));
  const body = JSON.stringify({ ...base, [padKey]: "x".repeat(size - empty) });
  expect(Buffer.byteLength(body)).toBe(size);
  return body;
}

/** A multipart form of exactly `size` bytes: the file, then a text field padding it out. */
function formOfSize(file: { bytes: Buffer; name: string; type: string }, size: number) {
  const boundary = "----route-limit-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const padHead = Buffer.from(
    `\r\n--${boundary}\r\nContent-Disposition: form-data; name="padding"\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fixed = head.length + file.bytes.length + padHead.length + tail.length;
  const body = Buffer.concat([head, file.bytes, padHead, Buffer.alloc(size - fixed, 0x61), tail]);
  expect(body.length).toBe(size);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

function send(
  path: string,
  body: string | Buffer,
  options: { cookie?: string; type?: string; method?: string } = {},
) {
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    "content-type": options.type ?? "application/json",
    "content-length": String(Buffer.byteLength(body)),
  };
  if (options.cookie) headers.cookie = options.cookie;
  return t.app.request(
    path,
    {
      method: options.method ?? "POST",
      headers,
      body: typeof body === "string" ? body : new Uint8Array(body),
    },
    env,
  );
}

async function expectTooLarge(response: Response, message: string) {
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message } });
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("body limits declared by each route", () => {
  it("the default: 64 KB on a profile edit", async () => {
    const before = await t.db.select().from(profiles).where(eq(profiles.id, student.id));
    const atLimit = await send(
      "/api/profile",
      jsonOfSize({ fullName: "Ravi" }, "address", API_BODY_LIMIT),
      {
        cookie: student.cookie,
        method: "PUT",
      },
    );
    // Read and validated by the route: the address is too long, not the body.
    expect(atLimit.status).toBe(422);
    const over = await send(
      "/api/profile",
      jsonOfSize({ fullName: "Ravi" }, "address", API_BODY_LIMIT + 1),
      { cookie: student.cookie, method: "PUT" },
    );
    await expectTooLarge(over, API_BODY_LIMIT_MESSAGE);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, student.id))).toEqual(before);
  });

  it("news content: 4 MB", async () => {
    const base = { title: "Limits", excerpt: "", publishedDate: "2026-01-01" };
    const atLimit = await send("/api/news", jsonOfSize(base, "content", NEWS_BODY_LIMIT), {
      cookie: admin.cookie,
    });
    // Read and validated: the text is longer than an article may be, which its validator says.
    expect(atLimit.status).toBe(422);
    expect((await atLimit.json()).error.code).toBe("VALIDATION_FAILED");
    const before = await t.db.select().from(dailyNewsAnalysis);
    const over = await send("/api/news", jsonOfSize(base, "content", NEWS_BODY_LIMIT + 1), {
      cookie: admin.cookie,
    });
    await expectTooLarge(over, NEWS_BODY_LIMIT_MESSAGE);
    expect(await t.db.select().from(dailyNewsAnalysis)).toEqual(before);
  });

  it("the CSV import and its dry run (the preview): 15 MB", async () => {
    // No target chosen: the route reads the whole body and answers with the form's message (the
    // dry run is a field of the same form, so the same route and limit).
    const path = "/api/admin/questions/import";
    const file = { bytes: Buffer.from("question_text\n"), name: "questions.csv", type: "text/csv" };
    const atLimit = formOfSize(file, CSV_BODY_LIMIT);
    const refused = await send(path, atLimit.body, { cookie: admin.cookie, type: atLimit.type });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.message).toBe("Please select an exam and a CSV file.");
    const over = formOfSize(file, CSV_BODY_LIMIT + 1);
    await expectTooLarge(
      await send(path, over.body, { cookie: admin.cookie, type: over.type }),
      CSV_BODY_LIMIT_MESSAGE,
    );
  });

  it("a quiz PDF: 10 MB and the form around it", async () => {
    const { quiz } = await createQuizFixture(t.db, { questionCount: 1 });
    const limit = QUIZ_PDF_MAX_BYTES + UPLOAD_FORM_OVERHEAD;
    const file = { bytes: PDF, name: "notes.pdf", type: "application/pdf" };
    const over = formOfSize(file, limit + 1);
    await expectTooLarge(
      await send(`/api/admin/quizzes/${quiz.id}/pdf`, over.body, {
        cookie: admin.cookie,
        type: over.type,
      }),
      QUIZ_PDF_MESSAGES.tooLarge,
    );
    const [unchanged] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(unchanged?.pdfKey).toBeNull();
    const atLimit = formOfSize(file, limit);
    const stored = await send(`/api/admin/quizzes/${quiz.id}/pdf`, atLimit.body, {
      cookie: admin.cookie,
      type: atLimit.type,
    });
    expect(stored.status).toBe(200);
    expect((await stored.json()).pdfUrl).toBe(`/api/quizzes/${quiz.id}/pdf`);
  });

  it("images: 5 MB and the form around it, for news images and profile photos", async () => {
    const limit = IMAGE_MAX_BYTES + UPLOAD_FORM_OVERHEAD;
    const file = { bytes: await makeImage(), name: "a.png", type: "image/png" };
    for (const [path, cookie] of [
      ["/api/news/images", admin.cookie],
      ["/api/profile/photo", student.cookie],
    ] as const) {
      const over = formOfSize(file, limit + 1);
      await expectTooLarge(
        await send(path, over.body, { cookie, type: over.type }),
        UPLOAD_MESSAGES.imageTooLarge,
      );
      const atLimit = formOfSize(file, limit);
      const stored = await send(path, atLimit.body, { cookie, type: atLimit.type });
      expect([200, 201]).toContain(stored.status);
    }
  });

  it("the site logo: 1 MB and the form around it", async () => {
    const limit = LOGO_RULES.maxBytes + UPLOAD_FORM_OVERHEAD;
    const file = { bytes: await makeImage(), name: "logo.png", type: "image/png" };
    const before = await t.db.select().from(siteSettings);
    const over = formOfSize(file, limit + 1);
    await expectTooLarge(
      await send("/api/settings/logo", over.body, { cookie: admin.cookie, type: over.type }),
      LOGO_RULES.tooLarge,
    );
    expect(await t.db.select().from(siteSettings)).toEqual(before);
    const atLimit = formOfSize(file, limit);
    const stored = await send("/api/settings/logo", atLimit.body, {
      cookie: admin.cookie,
      type: atLimit.type,
    });
    expect(stored.status).toBe(201);
    expect((await stored.json()).logoUrl).toMatch(
      /^\/storage\/site_logos\/logo-\d+-[0-9a-f]{8}\.png$/,
    );
  });

  it("Razorpay's webhook: 256 KB", async () => {
    const atLimit = await send(
      "/api/payments/razorpay/webhook",
      jsonOfSize({ event: "payment.captured" }, "pad", WEBHOOK_BODY_LIMIT),
    );
    // Read, then refused for what it says: no webhook secret is set up here.
    expect(atLimit.status).toBe(409);
    expect((await atLimit.json()).error.message).toBe("The Razorpay webhook secret is not set up.");
    const over = await send(
      "/api/payments/razorpay/webhook",
      jsonOfSize({ event: "payment.captured" }, "pad", WEBHOOK_BODY_LIMIT + 1),
    );
    await expectTooLarge(over, WEBHOOK_BODY_LIMIT_MESSAGE);
  });
});
