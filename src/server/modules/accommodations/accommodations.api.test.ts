import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { UNTIMED_WINDOW_SECONDS } from "../../../shared/practice.ts";
import { accommodations } from "../../db/schema/accommodations.ts";
import { examAttempts, questionSetItems, questionSets } from "../../db/schema/exams.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";
import { makeImage, uploadFile } from "../../test/upload.ts";

const { t, student, other, admin } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin" },
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const rowOf = async (userId: string) =>
  (await t.db.select().from(accommodations).where(eq(accommodations.userId, userId)))[0];

const upload = (user: TestUser, bytes: Buffer, name = "certificate.pdf", type?: string) =>
  uploadFile(t, "/api/accommodations/certificate", { bytes, name, type }, user.cookie);

const post = (path: string, cookie: string, body: unknown) =>
  t.request(path, { method: "POST", cookie, body });

/** A fresh student with an approved accommodation (set by an admin through the API). */
async function studentWith(grant: { kind: "per_hour" | "fixed"; minutes: number }) {
  const user = await t.createUser("student");
  const response = await post("/api/admin/accommodations", admin.cookie, {
    email: user.email,
    ...grant,
  });
  expect(response.status).toBe(201);
  return user;
}

async function startExam(examId: string, cookie: string) {
  const response = await post(`/api/exams/${examId}/attempts`, cookie, {});
  expect(response.status).toBeLessThan(300);
  return response.json();
}

const secondsBetween = (from: string, to: string) =>
  (new Date(to).getTime() - new Date(from).getTime()) / 1000;

describe("the certificate (student)", () => {
  it("starts as not requested, then stores a PDF under review, typed by its content", async () => {
    const me = await t.createUser("student");
    const first = await t.request("/api/accommodations", { cookie: me.cookie });
    expect(await first.json()).toMatchObject({ status: "none", certificate: null });
    // A PDF named like a photo is still a PDF: the bytes decide.
    const response = await upload(me, PDF, "scan.png", "image/png");
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      status: "pending",
      extraTime: null,
      certificate: { contentType: "application/pdf", url: expect.any(String) },
    });
    const file = await t.request(body.certificate.url, { cookie: me.cookie });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    // Not served from the public /storage path.
    const key = (await rowOf(me.id))?.certificateKey;
    expect((await t.request(`/storage/certificates/${key}`)).status).toBe(404);
  });

  it("refuses a renamed text file and an oversized one, and changes nothing", async () => {
    const me = await t.createUser("student");
    const renamed = await upload(me, Buffer.from("just some text, not a certificate"), "c.pdf");
    expect(renamed.status).toBe(422);
    expect((await renamed.json()).error.message).toBe(
      "The certificate must be a PDF, JPEG or PNG file.",
    );
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(me, big);
    expect(tooLarge.status).toBe(413);
    expect(await rowOf(me.id)).toBeUndefined();
    // A real photo of the certificate is taken.
    const photo = await upload(me, await makeImage(60, 40, "jpeg"), "photo.jpg", "image/jpeg");
    expect(photo.status).toBe(201);
    const before = await rowOf(me.id);
    expect(before?.certificateType).toBe("image/jpeg");
    const again = await upload(me, Buffer.from("<html>nope</html>"), "c.png", "image/png");
    expect(again.status).toBe(422);
    expect(await rowOf(me.id)).toEqual(before);
  });

  it("replaces the file while under review, and refuses once approved (row unchanged)", async () => {
    const me = await t.createUser("student");
    const first = await (await upload(me, PDF)).json();
    const firstKey = (await rowOf(me.id))?.certificateKey;
    const second = await (await upload(me, await makeImage(), "c.png")).json();
    expect(second.certificate.contentType).toBe("image/png");
    expect((await rowOf(me.id))?.certificateKey).not.toBe(firstKey);
    // The URL names the request, not the file: the new file is served there.
    expect(second.certificate.url).toBe(first.certificate.url);
    const id = (await rowOf(me.id))?.id;
    await post(`/api/admin/accommodations/${id}/approve`, admin.cookie, {
      kind: "per_hour",
      minutes: 20,
    });
    const approved = await rowOf(me.id);
    const refused = await upload(me, PDF);
    expect(refused.status).toBe(409);
    expect(await rowOf(me.id)).toEqual(approved);
  });

  it("serves the certificate to its student and admins only: another student gets 404", async () => {
    const response = await upload(student, PDF);
    const { certificate } = await response.json();
    expect((await t.request(certificate.url, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(certificate.url)).status).toBe(401);
    expect((await t.request(certificate.url, { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(certificate.url, { cookie: student.cookie })).status).toBe(200);
    const unknown = `/api/accommodations/${crypto.randomUUID()}/certificate`;
    expect((await t.request(unknown, { cookie: admin.cookie })).status).toBe(404);
    expect(
      (await t.request("/api/accommodations/not-a-uuid/certificate", { cookie: admin.cookie }))
        .status,
    ).toBe(404);
  });
});

describe("the admins' review", () => {
  it("lists requests under review first with the student's name and email", async () => {
    const me = await t.createUser("student");
    await upload(me, PDF);
    const response = await t.request(
      `/api/admin/accommodations?page=1&pageSize=5&search=${encodeURIComponent(me.email)}`,
      { cookie: admin.cookie },
    );
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      status: "pending",
      email: me.email,
      certificateUrl: expect.stringMatching(/^\/api\/accommodations\/.+\/certificate$/),
    });
    const all = await (
      await t.request("/api/admin/accommodations?page=1&pageSize=100", { cookie: admin.cookie })
    ).json();
    const statuses: string[] = all.items.map((i: { status: string }) => i.status);
    expect(statuses).toContain("pending");
    const firstOther = statuses.findIndex((s) => s !== "pending");
    if (firstOther >= 0) expect(statuses.slice(firstOther)).not.toContain("pending");
  });

  it("approves, refuses with a reason and revokes; the student reads the outcome", async () => {
    const me = await t.createUser("student");
    await upload(me, PDF);
    const id = (await rowOf(me.id))?.id;
    const refused = await post(`/api/admin/accommodations/${id}/reject`, admin.cookie, {
      reason: "The certificate is not legible.",
    });
    expect(refused.status).toBe(200);
    const mine = async () => (await t.request("/api/accommodations", { cookie: me.cookie })).json();
    expect(await mine()).toMatchObject({
      status: "rejected",
      reason: "The certificate is not legible.",
    });
    // A refused request cannot be approved; a new upload puts it under review again.
    const late = await post(`/api/admin/accommodations/${id}/approve`, admin.cookie, {
      kind: "fixed",
      minutes: 30,
    });
    expect(late.status).toBe(409);
    await upload(me, PDF);
    expect(await mine()).toMatchObject({ status: "pending", reason: null });
    await post(`/api/admin/accommodations/${id}/approve`, admin.cookie, {
      kind: "fixed",
      minutes: 30,
    });
    expect(await mine()).toMatchObject({
      status: "approved",
      extraTime: { kind: "fixed", minutes: 30 },
    });
    const revoked = await post(`/api/admin/accommodations/${id}/revoke`, admin.cookie, {
      reason: "Given by mistake.",
    });
    expect(revoked.status).toBe(200);
    expect(await mine()).toMatchObject({
      status: "revoked",
      extraTime: null,
      reason: "Given by mistake.",
    });
  });

  it("refuses every admin route to a student (403) and changes nothing", async () => {
    const me = await t.createUser("student");
    await upload(me, PDF);
    const before = await rowOf(me.id);
    const id = before?.id;
    const attempts = [
      post(`/api/admin/accommodations/${id}/approve`, me.cookie, { kind: "fixed", minutes: 60 }),
      post(`/api/admin/accommodations/${id}/reject`, me.cookie, { reason: "x" }),
      post(`/api/admin/accommodations/${id}/revoke`, me.cookie, { reason: "x" }),
      post("/api/admin/accommodations", me.cookie, {
        email: me.email,
        kind: "per_hour",
        minutes: 60,
      }),
      t.request("/api/admin/accommodations?page=1&pageSize=20", { cookie: me.cookie }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
    expect(await rowOf(me.id)).toEqual(before);
    // An admin has no certificate of their own to upload (students only).
    expect((await upload(admin, PDF)).status).toBe(403);
  });

  it("answers bad input with a clear 4xx and changes nothing", async () => {
    const me = await t.createUser("student");
    await upload(me, PDF);
    const before = await rowOf(me.id);
    const id = before?.id;
    const cases: [string, unknown, number, string?][] = [
      [`/api/admin/accommodations/${id}/approve`, { kind: "per_hour", minutes: 61 }, 422],
      [`/api/admin/accommodations/${id}/approve`, { kind: "fixed", minutes: 241 }, 422],
      [`/api/admin/accommodations/${id}/approve`, { kind: "fixed", minutes: 2.5 }, 422],
      [`/api/admin/accommodations/${id}/approve`, { kind: "weekly", minutes: 20 }, 422],
      [`/api/admin/accommodations/${id}/reject`, { reason: "   " }, 422],
      [
        `/api/admin/accommodations/${crypto.randomUUID()}/approve`,
        { kind: "fixed", minutes: 5 },
        404,
      ],
      ["/api/admin/accommodations/nope/approve", { kind: "fixed", minutes: 5 }, 404],
      [`/api/admin/accommodations/${id}/revoke`, { reason: "Not approved yet" }, 409],
      [
        "/api/admin/accommodations",
        { email: "nobody@example.test", kind: "fixed", minutes: 5 },
        404,
      ],
      ["/api/admin/accommodations", { email: admin.email, kind: "fixed", minutes: 5 }, 409],
      ["/api/admin/accommodations", { email: "not an email", kind: "fixed", minutes: 5 }, 422],
    ];
    for (const [path, body, status] of cases) {
      const response = await post(path, admin.cookie, body);
      expect(response.status, path).toBe(status);
      expect((await response.json()).error.message).toEqual(expect.any(String));
    }
    expect((await post(`/api/admin/accommodations/${id}/approve`, admin.cookie, {})).status).toBe(
      422,
    );
    expect(await rowOf(me.id)).toEqual(before);
    expect(await rowOf(admin.id)).toBeUndefined();
  });
});

describe("the deadline", () => {
  it("adds minutes per hour of the exam (20 per hour: 40 on two hours) and says so", async () => {
    const me = await studentWith({ kind: "per_hour", minutes: 20 });
    const { exam } = await createExamFixture(t.db, { timeLimitSeconds: 7200 });
    const overview = await (
      await t.request(`/api/exams/${exam.id}/overview`, { cookie: me.cookie })
    ).json();
    expect(overview.extraSeconds).toBe(2400);
    const session = await startExam(exam.id, me.cookie);
    expect(session.attempt.extraSeconds).toBe(2400);
    expect(secondsBetween(session.attempt.startedAt, session.attempt.deadlineAt)).toBe(9600);
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id));
    expect(row?.extraSeconds).toBe(2400);
    const resumed = await (
      await t.request(`/api/exams/${exam.id}/overview`, { cookie: me.cookie })
    ).json();
    expect(resumed.openAttempt).toMatchObject({ extraSeconds: 2400 });
    expect(resumed.openAttempt.secondsLeft).toBeGreaterThan(9500);
  });

  it("rounds per-hour time up to a whole second, and adds fixed minutes to a quiz", async () => {
    const perHour = await studentWith({ kind: "per_hour", minutes: 7 });
    const { exam } = await createExamFixture(t.db, { timeLimitSeconds: 601 });
    const session = await startExam(exam.id, perHour.cookie);
    // 601 × 7 ÷ 60 = 70.1… → 71
    expect(session.attempt.extraSeconds).toBe(71);
    const fixed = await studentWith({ kind: "fixed", minutes: 15 });
    const { quiz } = await createQuizFixture(t.db, { durationMinutes: 10 });
    const response = await post(`/api/quizzes/${quiz.id}/attempts`, fixed.cookie, {});
    const quizSession = await response.json();
    expect(quizSession.attempt.extraSeconds).toBe(900);
    expect(secondsBetween(quizSession.attempt.startedAt, quizSession.attempt.deadlineAt)).toBe(
      1500,
    );
  });

  it("gives an untimed practice set no extra time; a timed one gets it", async () => {
    const me = await studentWith({ kind: "fixed", minutes: 30 });
    const { questions } = await createExamFixture(t.db, { questionCount: 2 });
    const setOf = async (timed: boolean) => {
      const [set] = await t.db
        .insert(questionSets)
        .values({
          userId: me.id,
          kind: "practice",
          title: timed ? "Timed" : "Untimed",
          timed,
          timeLimitSeconds: timed ? 1200 : UNTIMED_WINDOW_SECONDS,
          questionCount: 2,
        })
        .returning();
      await t.db
        .insert(questionSetItems)
        .values(questions.map((q, i) => ({ setId: set!.id, questionId: q.id, position: i + 1 })));
      return set!.id;
    };
    const untimed = await setOf(false);
    const overview = await (
      await t.request(`/api/practice/${untimed}/overview`, { cookie: me.cookie })
    ).json();
    expect(overview.extraSeconds).toBe(0);
    const open = await (await post(`/api/practice/${untimed}/attempts`, me.cookie, {})).json();
    expect(open.attempt.extraSeconds).toBe(0);
    expect(secondsBetween(open.attempt.startedAt, open.attempt.deadlineAt)).toBe(
      UNTIMED_WINDOW_SECONDS,
    );
    const timed = await (
      await post(`/api/practice/${await setOf(true)}/attempts`, me.cookie, {})
    ).json();
    expect(timed.attempt.extraSeconds).toBe(1800);
  });

  it("leaves a running attempt as it was started when the accommodation changes", async () => {
    const me = await studentWith({ kind: "per_hour", minutes: 20 });
    const { exam } = await createExamFixture(t.db, { timeLimitSeconds: 3600 });
    const session = await startExam(exam.id, me.cookie);
    expect(session.attempt.extraSeconds).toBe(1200);
    const id = (await rowOf(me.id))?.id;
    const revoked = await post(`/api/admin/accommodations/${id}/revoke`, admin.cookie, {
      reason: "Expired certificate.",
    });
    expect(revoked.status).toBe(200);
    const resumed = await startExam(exam.id, me.cookie);
    expect(resumed.attempt.id).toBe(session.attempt.id);
    expect(resumed.attempt.deadlineAt).toBe(session.attempt.deadlineAt);
    expect(resumed.attempt.extraSeconds).toBe(1200);
    // A new exam now gets no extra time.
    const { exam: next } = await createExamFixture(t.db, { timeLimitSeconds: 3600 });
    expect((await startExam(next.id, me.cookie)).attempt.extraSeconds).toBe(0);
  });

  it("gives a student without an approved accommodation the plain time limit", async () => {
    const me = await t.createUser("student");
    await upload(me, PDF);
    const { exam } = await createExamFixture(t.db, { timeLimitSeconds: 600 });
    const session = await startExam(exam.id, me.cookie);
    expect(session.attempt.extraSeconds).toBe(0);
    expect(secondsBetween(session.attempt.startedAt, session.attempt.deadlineAt)).toBe(600);
  });
});
