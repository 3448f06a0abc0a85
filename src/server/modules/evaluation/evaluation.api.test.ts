import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_HELD_COPIES } from "../../../shared/evaluation.ts";
import { answerCopies, answerCopyFiles, mainsQuestions } from "../../db/schema/evaluation.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";
import { makeImage, uploadFile } from "../../test/upload.ts";

const { t, student, other, admin } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin" },
});

// The two main students hold a plan without an evaluation limit (the limits have their own test).
beforeAll(async () => {
  for (const user of [student, other]) await unlimited(user);
});

const createMentor = () => t.createUser("mentor");

/** India's calendar day, the one the student pages publish by. */
const today = () => publicationDay(new Date());
let n = 0;
async function createQuestion(overrides: Record<string, unknown> = {}) {
  n += 1;
  const response = await t.request("/api/mains-questions", {
    cookie: admin.cookie,
    body: {
      paper: "gs2",
      questionText: `Discuss the role of the Finance Commission in fiscal federalism (${n}).`,
      directive: "Discuss",
      wordLimit: 150,
      marks: 10,
      publishDate: "2026-01-01",
      modelAnswer: "Key points: Article 280; vertical and horizontal devolution.",
      ...overrides,
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function pdfOf(pages: number) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 280]);
  return Buffer.from(await doc.save());
}

const upload = (
  questionId: string,
  user: TestUser,
  bytes: Buffer,
  name = "page.jpg",
  type = "image/jpeg",
) =>
  uploadFile(
    t,
    `/api/answer-evaluation/questions/${questionId}/files`,
    { bytes, name, type },
    user.cookie,
  );

async function uploaded(
  questionId: string,
  user: TestUser,
  format: "jpeg" | "png" | "webp" = "jpeg",
) {
  const response = await upload(questionId, user, await makeImage(60, 80, format));
  expect(response.status).toBe(201);
  return ((await response.json()) as { file: { id: string } }).file.id;
}

const submit = (questionId: string, user: TestUser, body: unknown) =>
  t.request(`/api/answer-evaluation/questions/${questionId}/submit`, { cookie: user.cookie, body });

/** A student's submitted two-page copy; returns its id. */
async function submittedCopy(user: TestUser = student, questionId?: string) {
  const question = questionId ?? (await createQuestion());
  const first = await uploaded(question, user);
  const second = await uploaded(question, user, "png");
  const response = await submit(question, user, {
    pages: [
      { id: second, rotation: 90 },
      { id: first, rotation: 0 },
    ],
  });
  expect(response.status).toBe(201);
  const copy = (await response.json()) as { id: string };
  return { copyId: copy.id, questionId: question, first, second };
}

async function copyRow(id: string) {
  const [row] = await t.db.select().from(answerCopies).where(eq(answerCopies.id, id));
  return row;
}

const unlimited = async (user: TestUser) =>
  t.db
    .insert(userSubscriptions)
    .values({
      userId: user.id,
      status: "active",
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 30 * 86_400_000),
      planName: "Mains",
      evaluationLimit: null,
    })
    .onConflictDoNothing();

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

describe("the mentor's workspace", () => {
  it("lists waiting copies oldest first; of mentors claiming at once exactly one wins", async () => {
    await unlimited(other);
    const { copyId } = await submittedCopy(other);
    const mentors = await Promise.all([
      createMentor(),
      createMentor(),
      createMentor(),
      createMentor(),
    ]);
    const queue = await (
      await t.request("/api/mentor/queue?pageSize=100", { cookie: mentors[0]?.cookie })
    ).json();
    const ids = queue.items.map((c: { id: string }) => c.id);
    expect(ids).toContain(copyId);
    const times = queue.items.map((c: { submittedAt: string }) => c.submittedAt);
    expect([...times].sort()).toEqual(times);
    // Nobody reads the pages before claiming.
    expect(
      (await t.request(`/api/mentor/copies/${copyId}`, { cookie: mentors[0]?.cookie })).status,
    ).toBe(404);

    const claims = await Promise.all(
      mentors.map((m) =>
        t.request(`/api/mentor/copies/${copyId}/claim`, { cookie: m.cookie, method: "POST" }),
      ),
    );
    const statuses = claims.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = mentors[claims.findIndex((r) => r.status === 200)];
    expect((await copyRow(copyId))?.claimedBy).toBe(winner?.id);
    const after = await (
      await t.request("/api/mentor/queue?pageSize=100", { cookie: mentors[0]?.cookie })
    ).json();
    expect(after.items.map((c: { id: string }) => c.id)).not.toContain(copyId);
  });

  it("refuses students and admins at the mentor routes, and mentors at the student and admin routes", async () => {
    const mentor = await createMentor();
    expect((await t.request("/api/mentor/queue", { cookie: student.cookie })).status).toBe(403);
    expect((await t.request("/api/mentor/queue", { cookie: admin.cookie })).status).toBe(403);
    expect((await t.request("/api/answer-evaluation", { cookie: mentor.cookie })).status).toBe(403);
    expect(
      (await t.request("/api/admin/evaluations/summary", { cookie: mentor.cookie })).status,
    ).toBe(403);
    expect((await t.request("/api/admin/mentors", { cookie: mentor.cookie })).status).toBe(403);
  });

  it("scores the rubric, publishes, and the student gets the annotated copy, the marks, the model answer and a mail", async () => {
    await unlimited(other);
    const { copyId, questionId } = await submittedCopy(other);
    const mentor = await createMentor();
    const claimed = await (
      await t.request(`/api/mentor/copies/${copyId}/claim`, {
        cookie: mentor.cookie,
        method: "POST",
      })
    ).json();
    expect(
      claimed.evaluation.rubric.map((p: { name: string; max: number }) => [p.name, p.max]),
    ).toEqual([
      ["Introduction", 1],
      ["Body and content", 4],
      ["Structure", 1.5],
      ["Examples and data", 1.5],
      ["Conclusion", 1],
      ["Presentation", 1],
    ]);
    expect(claimed.modelAnswer.text).toContain("Article 280");
    const page = await t.request(claimed.pages[0].url, { cookie: mentor.cookie });
    expect(page.status).toBe(200);

    const annotations = [
      {
        strokes: [
          {
            colour: "red",
            width: 0.004,
            points: [
              [0.1, 0.1],
              [0.2, 0.25],
            ],
          },
        ],
        notes: [{ at: [0.5, 0.5], text: "Cite Article 280 here." }],
        stamps: [{ at: [0.8, 0.1], kind: "tick" }],
      },
      { strokes: [], notes: [], stamps: [{ at: [0.3, 0.3], kind: "cross" }] },
    ];
    const draft = { annotations, partMarks: [1, 3, null, 1, 0.5, 1], comment: "Good structure." };
    const saved = await t.request(`/api/mentor/copies/${copyId}/evaluation`, {
      cookie: mentor.cookie,
      method: "PUT",
      body: draft,
    });
    expect(saved.status).toBe(200);
    // A draft is the mentor's: the student sees nothing yet.
    const early = await (
      await t.request(`/api/answer-evaluation/copies/${copyId}`, { cookie: other.cookie })
    ).json();
    expect(early.stage).toBe("in_evaluation");
    expect(early.evaluation).toBeNull();
    expect(early.modelAnswer).toBeNull();

    const before = await copyRow(copyId);
    const incomplete = await t.request(`/api/mentor/copies/${copyId}/publish`, {
      cookie: mentor.cookie,
      body: draft,
    });
    expect(incomplete.status).toBe(422);
    const tooHigh = await t.request(`/api/mentor/copies/${copyId}/publish`, {
      cookie: mentor.cookie,
      body: { ...draft, partMarks: [1, 5, 1, 1, 1, 1] },
    });
    expect(tooHigh.status).toBe(422);
    const script = await t.request(`/api/mentor/copies/${copyId}/evaluation`, {
      cookie: mentor.cookie,
      method: "PUT",
      body: { ...draft, annotations: [{ strokes: [{ points: [[2, "x"]] }] }] },
    });
    expect(script.status).toBe(422);
    expect(await copyRow(copyId)).toEqual(before);

    const mailsBefore = t.mail.length;
    const published = await t.request(`/api/mentor/copies/${copyId}/publish`, {
      cookie: mentor.cookie,
      body: { ...draft, partMarks: [1, 3, 1.5, 1, 0.5, 1] },
    });
    expect(published.status).toBe(200);
    const mail = t.mail.slice(mailsBefore).find((m) => m.to === other.email);
    expect(mail?.text).toContain("8 out of 10");
    expect(mail?.text).toContain(`/student/answer-evaluation/${questionId}`);

    const copy = await (
      await t.request(`/api/answer-evaluation/copies/${copyId}`, { cookie: other.cookie })
    ).json();
    expect(copy.stage).toBe("evaluated");
    expect(copy.evaluation.marks).toBe(8);
    expect(copy.evaluation.outOf).toBe(10);
    expect(copy.evaluation.annotations).toEqual(annotations);
    expect(copy.evaluation.comment).toBe("Good structure.");
    expect(copy.modelAnswer.text).toContain("Article 280");
    expect(copy.timeline.evaluatedAt).not.toBeNull();

    // Rating once, one follow-up, answered by the mentor on the same copy.
    expect(
      (
        await t.request(`/api/answer-evaluation/copies/${copyId}/rating`, {
          cookie: other.cookie,
          body: { rating: 5 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request(`/api/answer-evaluation/copies/${copyId}/rating`, {
          cookie: other.cookie,
          body: { rating: 1 },
        })
      ).status,
    ).toBe(409);
    expect((await copyRow(copyId))?.rating).toBe(5);
    expect(
      (
        await t.request(`/api/answer-evaluation/copies/${copyId}/follow-up`, {
          cookie: other.cookie,
          body: { question: "How to add data?" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request(`/api/answer-evaluation/copies/${copyId}/follow-up`, {
          cookie: other.cookie,
          body: { question: "Another?" },
        })
      ).status,
    ).toBe(409);
    const desk = await (await t.request("/api/mentor/desk", { cookie: mentor.cookie })).json();
    expect(desk.followUps.map((c: { id: string }) => c.id)).toContain(copyId);
    const stranger = await createMentor();
    expect(
      (
        await t.request(`/api/mentor/copies/${copyId}/follow-up-answer`, {
          cookie: stranger.cookie,
          body: { answer: "No." },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/mentor/copies/${copyId}/follow-up-answer`, {
          cookie: mentor.cookie,
          body: { answer: "Use Economic Survey data." },
        })
      ).status,
    ).toBe(200);
    const answered = await (
      await t.request(`/api/answer-evaluation/copies/${copyId}`, { cookie: other.cookie })
    ).json();
    expect(answered.followUp.answer).toBe("Use Economic Survey data.");

    // Another student cannot read, rate or ask on it; the rows stay.
    const settled = await copyRow(copyId);
    expect(
      (await t.request(`/api/answer-evaluation/copies/${copyId}`, { cookie: student.cookie }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/answer-evaluation/copies/${copyId}/rating`, {
          cookie: student.cookie,
          body: { rating: 1 },
        })
      ).status,
    ).toBe(404);
    expect(await copyRow(copyId)).toEqual(settled);
  });

  it("an expired claim returns to the queue; the lapsed mentor can no longer write or read", async () => {
    await unlimited(other);
    const { copyId } = await submittedCopy(other);
    const first = await createMentor();
    const second = await createMentor();
    const claimed = await t.request(`/api/mentor/copies/${copyId}/claim`, {
      cookie: first.cookie,
      method: "POST",
    });
    expect(claimed.status).toBe(200);
    const pageUrls = ((await claimed.json()) as { pages: { url: string }[] }).pages.map(
      (p) => p.url,
    );
    expect(pageUrls).toHaveLength(2);
    const reads = (mentor: TestUser) =>
      Promise.all([
        t.request(`/api/mentor/copies/${copyId}`, { cookie: mentor.cookie }),
        ...pageUrls.map((url) => t.request(url, { cookie: mentor.cookie })),
      ]);
    expect((await reads(first)).map((r) => r.status)).toEqual([200, 200, 200]);
    await t.db
      .update(answerCopies)
      .set({ claimExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(answerCopies.id, copyId));
    const lapsed = await t.request(`/api/mentor/copies/${copyId}/evaluation`, {
      cookie: first.cookie,
      method: "PUT",
      body: { annotations: [], partMarks: [], comment: "late" },
    });
    expect(lapsed.status).toBe(409);
    // Lapsed, before anyone else claims it: the copy says so (409), its pages are gone (404).
    const [view, ...pages] = await reads(first);
    expect(view?.status).toBe(409);
    expect(await view?.text()).toMatch(/claim on this copy has expired/);
    expect(pages.map((r) => r.status)).toEqual([404, 404]);
    expect(
      (
        await t.request(`/api/mentor/copies/${copyId}/claim`, {
          cookie: second.cookie,
          method: "POST",
        })
      ).status,
    ).toBe(200);
    expect((await copyRow(copyId))?.claimedBy).toBe(second.id);
    expect((await copyRow(copyId))?.comment).toBeNull();
    expect((await reads(first)).map((r) => r.status)).toEqual([404, 404, 404]);
    expect((await reads(second)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it(`a mentor holds at most ${MAX_HELD_COPIES} copies at once: one more is a 409 that changes nothing`, async () => {
    const mentor = await createMentor();
    const questions = await t.db
      .insert(mainsQuestions)
      .values(
        Array.from({ length: MAX_HELD_COPIES + 1 }, (_, i) => ({
          paper: "gs2" as const,
          questionText: `Hold cap ${i}.`,
          publishDate: "2026-01-01",
        })),
      )
      .returning({ id: mainsQuestions.id });
    const copies = await t.db
      .insert(answerCopies)
      .values(
        questions.map((q, i) => ({
          questionId: q.id,
          userId: other.id,
          status: "submitted" as const,
          format: "typed" as const,
          typedAnswer: "An answer.",
          submittedAt: new Date(Date.now() - (i + 1) * 60_000),
        })),
      )
      .returning({ id: answerCopies.id });
    const claim = (id: string, user = mentor) =>
      t.request(`/api/mentor/copies/${id}/claim`, { cookie: user.cookie, method: "POST" });
    for (const copy of copies.slice(0, MAX_HELD_COPIES)) {
      expect((await claim(copy.id)).status).toBe(200);
    }
    const last = copies[MAX_HELD_COPIES]?.id ?? "";
    const before = await copyRow(last);
    const refused = await claim(last);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /already hold 10 copies/,
    );
    expect(await copyRow(last)).toEqual(before);
    // Renewing one already held is not a new one; another mentor may take the copy.
    expect((await claim(copies[0]?.id ?? "")).status).toBe(200);
    const another = await createMentor();
    expect((await claim(last, another)).status).toBe(200);
    // Once one of the ten lapses, there is room again.
    await t.db
      .update(answerCopies)
      .set({ claimExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(answerCopies.id, copies[1]?.id ?? ""));
    expect((await claim(copies[1]?.id ?? "")).status).toBe(200);
  });
});

describe("admins", () => {
  it("promote, list and demote mentors; a demoted mentor's copies return to the queue", async () => {
    const user = await t.createUser("student");
    const promoted = await t.request("/api/admin/mentors", {
      cookie: admin.cookie,
      body: { email: user.email.toUpperCase() },
    });
    expect(promoted.status).toBe(201);
    expect(
      (
        await t.request("/api/admin/mentors", {
          cookie: admin.cookie,
          body: { email: "nobody@example.com" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request("/api/admin/mentors", {
          cookie: admin.cookie,
          body: { email: admin.email },
        })
      ).status,
    ).toBe(409);
    await unlimited(other);
    const { copyId } = await submittedCopy(other);
    expect(
      (
        await t.request(`/api/mentor/copies/${copyId}/claim`, {
          cookie: user.cookie,
          method: "POST",
        })
      ).status,
    ).toBe(200);
    const list = await (
      await t.request(`/api/admin/mentors?search=${encodeURIComponent(user.email)}`, {
        cookie: admin.cookie,
      })
    ).json();
    expect(list.items).toEqual([expect.objectContaining({ id: user.id, load: 1, evaluated: 0 })]);
    expect(
      (await t.request(`/api/admin/mentors/${user.id}`, { cookie: admin.cookie, method: "DELETE" }))
        .status,
    ).toBe(200);
    expect((await copyRow(copyId))?.status).toBe("submitted");
    expect((await copyRow(copyId))?.claimedBy).toBeNull();
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.role).toBe("student");
  });

  it("invites by mail; only the invited address can accept, once", async () => {
    const invitee = await t.createUser("student");
    const response = await t.request("/api/admin/mentors/invitations", {
      cookie: admin.cookie,
      body: { email: invitee.email },
    });
    expect(response.status).toBe(201);
    const mail = t.mail.find((m) => m.to === invitee.email && m.text.includes("/mentor/join"));
    const token = new URL(
      /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "http://x",
    ).searchParams.get("token");
    expect(token).toBeTruthy();
    const wrong = await t.request("/api/mentor/invitations/accept", {
      cookie: other.cookie,
      body: { token },
    });
    expect(wrong.status).toBe(404);
    const [otherProfile] = await t.db.select().from(profiles).where(eq(profiles.id, other.id));
    expect(otherProfile?.role).toBe("student");
    const accepted = await t.request("/api/mentor/invitations/accept", {
      cookie: invitee.cookie,
      body: { token },
    });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(
      (
        await t.request("/api/mentor/invitations/accept", {
          cookie: invitee.cookie,
          body: { token },
        })
      ).status,
    ).toBe(404);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, invitee.id));
    expect(profile?.role).toBe("mentor");
  });

  it("see pending, overdue and evaluated counts with turnaround, and reassign a copy", async () => {
    await unlimited(other);
    const { copyId } = await submittedCopy(other);
    await t.db
      .update(answerCopies)
      .set({ dueAt: new Date(Date.now() - 3600_000) })
      .where(eq(answerCopies.id, copyId));
    const summary = await (
      await t.request("/api/admin/evaluations/summary", { cookie: admin.cookie })
    ).json();
    expect(summary.overdue).toBeGreaterThanOrEqual(1);
    expect(summary.evaluated).toBeGreaterThanOrEqual(1);
    expect(summary.p90Hours).not.toBeNull();
    const overdue = await (
      await t.request("/api/admin/evaluations?status=overdue&pageSize=100", {
        cookie: admin.cookie,
      })
    ).json();
    expect(overdue.items.map((c: { id: string }) => c.id)).toContain(copyId);

    const mentor = await createMentor();
    const before = await copyRow(copyId);
    const notMentor = await t.request(`/api/admin/evaluations/${copyId}/reassign`, {
      cookie: admin.cookie,
      body: { mentorId: student.id },
    });
    expect(notMentor.status).toBe(422);
    expect(await copyRow(copyId)).toEqual(before);
    const reassigned = await t.request(`/api/admin/evaluations/${copyId}/reassign`, {
      cookie: admin.cookie,
      body: { mentorId: mentor.id },
    });
    expect(reassigned.status).toBe(200);
    expect((await copyRow(copyId))?.claimedBy).toBe(mentor.id);
    expect(
      (await t.request(`/api/mentor/copies/${copyId}`, { cookie: mentor.cookie })).status,
    ).toBe(200);
  });

  it("edit a paper's rubric; weights must add up to 100", async () => {
    const bad = await t.request("/api/admin/evaluation-settings/rubrics/essay", {
      cookie: admin.cookie,
      method: "PUT",
      body: { parts: [{ name: "Thought", weight: 60 }] },
    });
    expect(bad.status).toBe(422);
    const good = await t.request("/api/admin/evaluation-settings/rubrics/essay", {
      cookie: admin.cookie,
      method: "PUT",
      body: {
        parts: [
          { name: "Thought", weight: 60 },
          { name: "Language", weight: 40 },
        ],
      },
    });
    expect(good.status).toBe(200);
    expect((await good.json()).rubrics.essay).toEqual([
      { name: "Thought", weight: 60 },
      { name: "Language", weight: 40 },
    ]);
  });
});
