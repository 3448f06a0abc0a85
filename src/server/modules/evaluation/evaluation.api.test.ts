import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { answerCopies, answerCopyFiles, mainsQuestions } from "../../db/schema/evaluation.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";
import { setupEvaluationTests } from "./evaluation-fixture.ts";

const {
  t,
  student,
  other,
  admin,
  createMentor,
  today,
  createQuestion,
  pdfOf,
  upload,
  uploaded,
  submit,
  submittedCopy,
  copyRow,
} = setupEvaluationTests();

describe("Mains questions", () => {
  it("admins publish questions; students see the latest and the earlier ones without model answers", async () => {
    const older = await createQuestion({ publishDate: "2025-12-30" });
    const latest = await createQuestion({ publishDate: today(), questionTextHi: "वित्त आयोग" });
    const future = await createQuestion({ publishDate: "2099-01-01" });
    const response = await t.request("/api/answer-evaluation?pageSize=100", {
      cookie: student.cookie,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.today.id).toBe(latest);
    expect(body.today.isToday).toBe(true);
    expect(body.today.questionTextHi).toBe("वित्त आयोग");
    const earlier = body.earlier.items.map((q: { id: string }) => q.id);
    expect(earlier).toContain(older);
    expect(earlier).not.toContain(latest);
    expect(earlier).not.toContain(future);
    expect(JSON.stringify(body)).not.toContain("Article 280");
    // A question published in the future is not there yet.
    const early = await t.request(`/api/answer-evaluation/questions/${future}`, {
      cookie: student.cookie,
    });
    expect(early.status).toBe(404);
  });

  it("refuses bad input with 422 and a student's or mentor's write with 403, changing nothing", async () => {
    const before = await t.db.select().from(mainsQuestions);
    const bad = await t.request("/api/mains-questions", {
      cookie: admin.cookie,
      body: { paper: "gs9", questionText: "", publishDate: "tomorrow", wordLimit: 175 },
    });
    expect(bad.status).toBe(422);
    const byStudent = await t.request("/api/mains-questions", {
      cookie: student.cookie,
      body: { paper: "gs1", questionText: "Q", publishDate: "2026-01-01" },
    });
    expect(byStudent.status).toBe(403);
    const mentor = await createMentor();
    const byMentor = await t.request("/api/mains-questions", {
      cookie: mentor.cookie,
      body: { paper: "gs1", questionText: "Q", publishDate: "2026-01-01" },
    });
    expect(byMentor.status).toBe(403);
    expect(await t.db.select().from(mainsQuestions)).toEqual(before);
  });

  it("mentors publish questions when an admin allows it", async () => {
    const mentor = await createMentor();
    const settings = await (
      await t.request("/api/admin/evaluation-settings", { cookie: admin.cookie })
    ).json();
    const allow = await t.request("/api/admin/evaluation-settings", {
      cookie: admin.cookie,
      method: "PUT",
      body: {
        turnaroundHours: settings.turnaroundHours,
        claimHours: settings.claimHours,
        freeEvaluationsPerMonth: settings.freeEvaluationsPerMonth,
        mentorsMayPublishQuestions: true,
      },
    });
    expect(allow.status).toBe(200);
    const created = await t.request("/api/mains-questions", {
      cookie: mentor.cookie,
      body: {
        paper: "essay",
        questionText: "Wisdom finds truth.",
        publishDate: "2026-01-02",
        marks: 125,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    // Deleting stays with admins.
    const { id } = await created.json();
    const deleted = await t.request(`/api/mains-questions/${id}`, {
      cookie: mentor.cookie,
      method: "DELETE",
    });
    expect(deleted.status).toBe(403);
    await t.request("/api/admin/evaluation-settings", {
      cookie: admin.cookie,
      method: "PUT",
      body: { ...settings, mentorsMayPublishQuestions: false, rubrics: undefined },
    });
  });
});

describe("submitting an answer", () => {
  it("takes photos in the student's order and rotation, and serves them only to the student", async () => {
    const { copyId, first, second } = await submittedCopy();
    const copy = await (
      await t.request(`/api/answer-evaluation/copies/${copyId}`, { cookie: student.cookie })
    ).json();
    expect(copy.stage).toBe("submitted");
    expect(copy.format).toBe("images");
    expect(
      copy.pages.map((p: { fileId: string; rotation: number }) => [p.fileId, p.rotation]),
    ).toEqual([
      [second, 90],
      [first, 0],
    ]);
    expect(copy.evaluation).toBeNull();
    expect(copy.modelAnswer).toBeNull();
    const due =
      new Date(copy.timeline.dueAt).getTime() - new Date(copy.timeline.submittedAt).getTime();
    expect(due).toBe(72 * 3600_000);

    const own = await t.request(copy.pages[0].url, { cookie: student.cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    for (const cookie of [other.cookie, (await createMentor()).cookie, undefined]) {
      const refused = await t.request(copy.pages[0].url, { cookie });
      expect([401, 404]).toContain(refused.status);
    }
    // Never in a public bucket.
    const key = (await t.db.select().from(answerCopyFiles).where(eq(answerCopyFiles.id, first)))[0]
      ?.storageKey;
    expect((await t.request(`/storage/answer_copies/${key}`)).status).toBe(404);
  });

  it("checks uploads by content: a renamed text file, an oversized PDF's pages, PDF beside photos", async () => {
    const question = await createQuestion();
    const fake = await upload(
      question,
      student,
      Buffer.from("<script>alert(1)</script>"),
      "page.jpg",
    );
    expect(fake.status).toBe(422);
    const tooMany = await upload(
      question,
      student,
      await pdfOf(13),
      "answer.pdf",
      "application/pdf",
    );
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).error.message).toBe("The PDF must have at most 12 pages.");
    await uploaded(question, student);
    const pdfAfterPhoto = await upload(
      question,
      student,
      await pdfOf(2),
      "answer.pdf",
      "application/pdf",
    );
    expect(pdfAfterPhoto.status).toBe(422);
    const files = await t.db
      .select()
      .from(answerCopyFiles)
      .innerJoin(answerCopies, eq(answerCopies.id, answerCopyFiles.copyId))
      .where(eq(answerCopies.questionId, question));
    expect(files).toHaveLength(1);
  });

  it("converts an iPhone's HEIC photo to JPEG on the server", async () => {
    const question = await createQuestion();
    const heic = readFileSync(
      new URL("../../../../test/fixtures/answer-page.heic", import.meta.url),
    );
    const response = await upload(question, student, heic, "IMG_0001.HEIC", "image/heic");
    expect(response.status).toBe(201);
    const { file } = await response.json();
    expect(file.contentType).toBe("image/jpeg");
    const served = await t.request(`/api/answer-copies/files/${file.id}`, {
      cookie: student.cookie,
    });
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 64, 48]);
  });

  it("takes one PDF as its pages", async () => {
    const question = await createQuestion();
    const response = await upload(
      question,
      student,
      await pdfOf(3),
      "answer.pdf",
      "application/pdf",
    );
    expect(response.status).toBe(201);
    const { file } = await response.json();
    expect(file.pdfPages).toBe(3);
    const copy = await (
      await submit(question, student, { pages: [{ id: file.id, rotation: 0 }] })
    ).json();
    expect(copy.format).toBe("pdf");
    expect(copy.pageCount).toBe(3);
    expect(copy.pages.map((p: { pdfPage: number }) => p.pdfPage)).toEqual([1, 2, 3]);
  });

  it("takes a typed answer and counts its words", async () => {
    const question = await createQuestion();
    const response = await submit(question, student, {
      typedAnswer: "Fiscal federalism balances the Union and States.",
    });
    expect(response.status).toBe(201);
    const copy = await response.json();
    expect(copy.format).toBe("typed");
    expect(copy.wordCount).toBe(7);
  });

  it("refuses a second submission, an empty one, and another student's pages, changing nothing", async () => {
    const { copyId, questionId } = await submittedCopy();
    const before = await copyRow(copyId);
    const again = await submit(questionId, student, { typedAnswer: "Again" });
    expect(again.status).toBe(409);
    expect(await copyRow(copyId)).toEqual(before);

    const fresh = await createQuestion();
    const empty = await submit(fresh, other, { pages: [], typedAnswer: "  " });
    expect(empty.status).toBe(422);
    const othersPage = await uploaded(fresh, student);
    const stolen = await submit(fresh, other, { pages: [{ id: othersPage, rotation: 0 }] });
    expect(stolen.status).toBe(422);
    const removeOthers = await t.request(`/api/answer-evaluation/files/${othersPage}`, {
      cookie: other.cookie,
      method: "DELETE",
    });
    expect(removeOthers.status).toBe(404);
    expect(
      await t.db.select().from(answerCopyFiles).where(eq(answerCopyFiles.id, othersPage)),
    ).toHaveLength(1);
    const [othersCopy] = await t.db
      .select()
      .from(answerCopies)
      .where(eq(answerCopies.userId, other.id));
    expect(othersCopy).toBeUndefined();
  });

  it("holds the free tier and a plan's limit at submission", async () => {
    const user = await t.createUser("student");
    const page = await (await t.request("/api/answer-evaluation", { cookie: user.cookie })).json();
    expect(page.allowance).toEqual({ used: 0, limit: 2, hasPlan: false });
    for (let i = 0; i < 2; i++) {
      const q = await createQuestion();
      expect((await submit(q, user, { typedAnswer: "An answer." })).status).toBe(201);
    }
    const third = await createQuestion();
    const refused = await submit(third, user, { typedAnswer: "One more." });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.details).toMatchObject({
      reason: "EVALUATION_LIMIT_REACHED",
    });
    expect(
      await t.db.select().from(answerCopies).where(eq(answerCopies.questionId, third)),
    ).toHaveLength(0);

    const planned = await t.createUser("student");
    await t.db.insert(userSubscriptions).values({
      userId: planned.id,
      status: "active",
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 30 * 86_400_000),
      planName: "Mains",
      evaluationLimit: 1,
    });
    expect((await submit(await createQuestion(), planned, { typedAnswer: "One." })).status).toBe(
      201,
    );
    expect((await submit(await createQuestion(), planned, { typedAnswer: "Two." })).status).toBe(
      403,
    );
    const view = await (
      await t.request(`/api/answer-evaluation/questions/${third}`, { cookie: planned.cookie })
    ).json();
    expect(view.allowance).toEqual({ used: 1, limit: 1, hasPlan: true });
  });
});
