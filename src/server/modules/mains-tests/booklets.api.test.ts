import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ANSWER_GRACE_SECONDS } from "../../../shared/exams.ts";
import { MAINS_TEST_MESSAGES } from "../../../shared/mains-test-messages.ts";
import { BOOKLET_MESSAGES } from "../../../shared/mains-test-schemas.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { mainsBooklets, mainsMarks } from "../../db/schema/mains-booklets.ts";
import { mainsTests } from "../../db/schema/mains-tests.ts";
import { errorOf } from "../../test/test-app.ts";
import { makeImage } from "../../test/upload.ts";
import { finalizeExpiredAttempts } from "../attempts/attempt-grading.ts";
import { setupMainsTests } from "./mains-fixture.ts";

const {
  t,
  student,
  other,
  admin,
  at,
  plus,
  now,
  createTest,
  start,
  upload,
  uploadPhotos,
  pdfOf,
  saveDraft,
  submit,
  snapshot,
  givePlan,
} = setupMainsTests();

const BASE = "2031-02-03T04:30:00.000Z";
beforeEach(() => at(BASE));

/** A student's started attempt at a fresh GS test (two questions, section 1). */
async function started(user = student, sections: number[] = [1, 1], overrides = {}) {
  const test = await createTest(overrides, sections);
  const session = await start(user, test.id);
  return {
    ...test,
    attemptId: session.attempt.id,
    startedAt: session.attempt.startedAt,
    deadlineAt: session.attempt.deadlineAt,
  };
}

describe("the deadline and the upload grace", () => {
  it("takes a booklet just inside the engine's grace after the deadline, and promises the results date", async () => {
    const { id, attemptId, questionIds, startedAt, deadlineAt } = await started();
    // Writing 60 minutes + the upload grace 30 minutes.
    expect(Date.parse(deadlineAt)).toBe(Date.parse(startedAt) + 90 * 60_000);
    const [page1, page2] = await uploadPhotos(student, attemptId, 2);
    at(new Date(Date.parse(deadlineAt) + (ANSWER_GRACE_SECONDS - 5) * 1000));
    const submitted = await submit(student, attemptId, {
      files: [
        { id: page2 ?? "", rotation: 90 },
        { id: page1 ?? "", rotation: 0 },
      ],
      answers: [
        { testQuestionId: questionIds[0] ?? "", startPage: 1 },
        { testQuestionId: questionIds[1] ?? "", startPage: 2 },
      ],
    });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const body = await submitted.json();
    expect(body.status).toBe("submitted");
    expect(body.format).toBe("images");
    expect(body.pageCount).toBe(2);
    // The close (a day after the start) is later than now: the turnaround counts from it.
    const [test] = await t.db.select().from(mainsTests).where(eq(mainsTests.id, id));
    const closes = test?.closesAt.getTime() ?? 0;
    expect(closes).toBeGreaterThan(now().getTime());
    expect(body.dueAt).toBe(new Date(closes + 120 * 3600_000).toISOString());
    expect(body.files.map((f) => [f.id, f.position, f.rotation])).toEqual([
      [page2, 1, 90],
      [page1, 2, 0],
    ]);
    const rows = await snapshot(attemptId);
    expect(rows.attempt?.completedAt).not.toBeNull();
    expect(rows.booklets[0]?.status).toBe("submitted");
    expect(rows.answers.map((a) => a.startPage).sort()).toEqual([1, 2]);
    expect(rows.marks.filter((m) => m.round === "first")).toHaveLength(2);
    // Submitting again answers with the stored booklet and changes nothing.
    const again = await submit(student, attemptId, { files: [], answers: [] });
    expect(again.status).toBe(200);
    expect((await again.json()).status).toBe("submitted");
    expect(await snapshot(attemptId)).toEqual(rows);
  });

  it("refuses a submit after the deadline plus the grace with 409, changing nothing; the sweeper records it absent", async () => {
    const { attemptId, questionIds, deadlineAt } = await started();
    const [page] = await uploadPhotos(student, attemptId, 1);
    await saveDraft(student, attemptId, {
      files: [{ id: page ?? "" }],
      answers: [{ testQuestionId: questionIds[0] ?? "", startPage: 1 }],
    });
    const before = await snapshot(attemptId);
    at(new Date(Date.parse(deadlineAt) + (ANSWER_GRACE_SECONDS + 1) * 1000));
    const late = await submit(student, attemptId, {
      files: [{ id: page ?? "" }],
      answers: [{ testQuestionId: questionIds[0] ?? "", startPage: 1 }],
    });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(MAINS_TEST_MESSAGES.pastDeadline);
    const lateUpload = await upload(student, attemptId, await makeImage(60, 80, "jpeg"));
    expect(lateUpload.status).toBe(409);
    expect(await snapshot(attemptId)).toEqual(before);

    expect(await finalizeExpiredAttempts(t.db, { now: now() })).toBeGreaterThanOrEqual(1);
    const after = await snapshot(attemptId);
    expect(after.attempt?.completedAt).not.toBeNull();
    expect(after.booklets[0]?.status).toBe("absent");
    expect(after.marks).toEqual([]);
  });

  it("records absent a booklet never written to, when the sweeper closes the attempt", async () => {
    const { attemptId, deadlineAt } = await started();
    at(new Date(Date.parse(deadlineAt) + 60_000));
    await finalizeExpiredAttempts(t.db, { now: now() });
    const rows = await snapshot(attemptId);
    expect(rows.booklets).toHaveLength(1);
    expect(rows.booklets[0]?.status).toBe("absent");
    const read = await t.client(student)["mains-tests"].attempts[":attemptId"].booklet.$get({
      param: { attemptId },
    });
    expect((await read.json()).status).toBe("absent");
  });

  it("resumes the same attempt after a reload, with the booklet's draft", async () => {
    const { id, attemptId, questionIds } = await started();
    const [page] = await uploadPhotos(student, attemptId, 1);
    const saved = await saveDraft(student, attemptId, {
      files: [{ id: page ?? "", rotation: 180 }],
      answers: [{ testQuestionId: questionIds[1] ?? "", startPage: 1 }],
    });
    expect(saved.status).toBe(200);
    at(plus(20));
    const again = await start(student, id);
    expect(again.attempt.id).toBe(attemptId);
    const booklet = await (
      await t.client(student)["mains-tests"].attempts[":attemptId"].booklet.$get({
        param: { attemptId },
      })
    ).json();
    expect(booklet.status).toBe("writing");
    expect(booklet.files.map((f) => [f.id, f.rotation])).toEqual([[page, 180]]);
    expect(booklet.answers).toEqual([
      { testQuestionId: questionIds[1], startPage: 1, typedText: null, wordCount: null },
    ]);
  });
});

describe("the page map", () => {
  it("refuses a page past the booklet, a question of another paper and pages beside typed text (422), changing nothing", async () => {
    const { attemptId, questionIds } = await started();
    const other = await createTest();
    const [page1, page2] = await uploadPhotos(student, attemptId, 2);
    const files = [{ id: page1 ?? "" }, { id: page2 ?? "" }];
    await saveDraft(student, attemptId, {
      files,
      answers: [{ testQuestionId: questionIds[0] ?? "", startPage: 2 }],
    });
    const before = await snapshot(attemptId);
    const refusals = [
      [{ testQuestionId: questionIds[0] ?? "", startPage: 3 }],
      [{ testQuestionId: other.questionIds[0] ?? "", startPage: 1 }],
      [{ testQuestionId: questionIds[1] ?? "", typedText: "Federalism is…" }],
    ];
    for (const answers of refusals) {
      for (const write of [saveDraft, submit]) {
        const refused = await write(student, attemptId, { files, answers });
        expect(refused.status).toBe(422);
      }
    }
    const outOfRange = await submit(student, attemptId, {
      files,
      answers: [{ testQuestionId: questionIds[0] ?? "", startPage: 3 }],
    });
    expect((await errorOf(outOfRange)).message).toBe(BOOKLET_MESSAGES.pageOutOfRange);
    const emptyMap = await submit(student, attemptId, { files, answers: [] });
    expect((await errorOf(emptyMap)).message).toBe(BOOKLET_MESSAGES.empty);
    expect(await snapshot(attemptId)).toEqual(before);
  });

  it("maps a PDF's pages and leaves unanswered questions out", async () => {
    const { attemptId, questionIds } = await started(student, [1, 1, 1]);
    // Past the booklet's 60 pages: refused on the file worker, nothing stored.
    const tooLong = await upload(student, attemptId, await pdfOf(61), "b.pdf", "application/pdf");
    expect(tooLong.status).toBe(422);
    expect((await errorOf(tooLong)).message).toBe(BOOKLET_MESSAGES.pdfTooManyPages);
    expect((await snapshot(attemptId)).files).toEqual([]);
    // More pages than an answer copy takes (12): a booklet's PDF holds the whole paper.
    const response = await upload(student, attemptId, await pdfOf(13), "b.pdf", "application/pdf");
    expect(response.status, await response.clone().text()).toBe(201);
    const pdf = ((await response.json()) as { file: { id: string; pdfPages: number } }).file;
    expect(pdf.pdfPages).toBe(13);
    const photo = await upload(student, attemptId, await makeImage(60, 80, "jpeg"));
    expect(photo.status).toBe(422);
    expect((await errorOf(photo)).message).toBe(BOOKLET_MESSAGES.pdfAndPhotos);
    const done = await submit(student, attemptId, {
      files: [{ id: pdf.id }],
      answers: [
        { testQuestionId: questionIds[0] ?? "", startPage: 1 },
        { testQuestionId: questionIds[2] ?? "", startPage: 13 },
      ],
    });
    expect(done.status, await done.clone().text()).toBe(200);
    const body = await done.json();
    expect([body.format, body.pageCount]).toEqual(["pdf", 13]);
    const rows = await snapshot(attemptId);
    expect(rows.answers).toHaveLength(2);
    expect(rows.marks.filter((m) => m.round === "first")).toHaveLength(2);
  });

  it("takes typed answers with their word count", async () => {
    const { attemptId, questionIds } = await started();
    const done = await submit(student, attemptId, {
      answers: [
        {
          testQuestionId: questionIds[0] ?? "",
          typedText: "  Cooperative federalism rests on trust.  ",
        },
      ],
    });
    expect(done.status, await done.clone().text()).toBe(200);
    const body = await done.json();
    expect(body.format).toBe("typed");
    expect(body.answers).toEqual([
      {
        testQuestionId: questionIds[0],
        startPage: null,
        typedText: "Cooperative federalism rests on trust.",
        wordCount: 5,
      },
    ]);
  });

  it("holds the Essay paper's choice rule: at most one topic in each section", async () => {
    const { attemptId, questionIds } = await started(student, [1, 1, 1, 1, 2, 2, 2, 2], {
      paper: "essay",
    });
    const [page1, page2, page3] = await uploadPhotos(student, attemptId, 3);
    const files = [{ id: page1 ?? "" }, { id: page2 ?? "" }, { id: page3 ?? "" }];
    const q = (i: number, startPage: number) => ({
      testQuestionId: questionIds[i] ?? "",
      startPage,
    });
    const before = await snapshot(attemptId);
    const two = await submit(student, attemptId, { files, answers: [q(0, 1), q(1, 2), q(5, 3)] });
    expect(two.status).toBe(422);
    expect((await errorOf(two)).message).toBe("Answer at most 1 question in section 1.");
    const three = await submit(student, attemptId, { files, answers: [q(0, 1), q(5, 2), q(6, 3)] });
    expect(three.status).toBe(422);
    expect((await errorOf(three)).message).toBe("Answer at most 1 question in section 2.");
    expect(await snapshot(attemptId)).toEqual(before);
    // One essay of two is a booklet like any other: the missing one earns nothing.
    const one = await submit(student, attemptId, { files, answers: [q(2, 1)] });
    expect(one.status, await one.clone().text()).toBe(200);
  });

  it("lets a mentor with a live claim correct the map; others get 404", async () => {
    const { attemptId, questionIds } = await started();
    const pages = await uploadPhotos(student, attemptId, 3);
    await submit(student, attemptId, {
      files: pages.map((id) => ({ id })),
      answers: [{ testQuestionId: questionIds[0] ?? "", startPage: 1 }],
    });
    const [booklet] = await t.db
      .select()
      .from(mainsBooklets)
      .where(eq(mainsBooklets.attemptId, attemptId));
    const bookletId = booklet?.id ?? "";
    const holder = await t.createUser("mentor");
    const stranger = await t.createUser("mentor");
    await t.db
      .update(mainsMarks)
      .set({ status: "claimed", mentorId: holder.id, claimExpiresAt: plus(60) })
      .where(eq(mainsMarks.bookletId, bookletId));
    const map = (user: typeof holder, startPage: number, id = questionIds[0] ?? "") =>
      t.client(user).mentor.mains.booklets[":bookletId"].map.$put({
        param: { bookletId },
        json: { answers: [{ testQuestionId: id, startPage }] },
      });
    const before = await snapshot(attemptId);
    expect((await map(stranger, 2)).status).toBe(404);
    expect((await map(student, 2)).status).toBe(403);
    expect((await map(holder, 4)).status).toBe(422);
    expect((await map(holder, 2, questionIds[1])).status).toBe(422);
    expect(await snapshot(attemptId)).toEqual(before);
    const fixed = await map(holder, 3);
    expect(fixed.status).toBe(200);
    expect((await fixed.json()).answers).toEqual([
      { testQuestionId: questionIds[0], startPage: 3, mappedBy: holder.id },
    ]);
    // A lapsed claim reads nothing.
    at(plus(61));
    expect((await map(holder, 2)).status).toBe(404);
  });
});

describe("plan gating", () => {
  it("refuses a premium test without an active plan (403), starts it with one", async () => {
    const test = await createTest({ isFree: false });
    const user = await t.createUser("student");
    const refused = await t.client(user)["mains-tests"][":id"].attempts.$post({
      param: { id: test.id },
    });
    expect(refused.status).toBe(403);
    const none = await t.db.select().from(examAttempts).where(eq(examAttempts.userId, user.id));
    expect(none).toEqual([]);
    await givePlan(user);
    const session = await start(user, test.id);
    expect(session.attempt.id).toBeTruthy();
  });
});

describe("privacy", () => {
  it("keeps a booklet and its files to their student, a mentor on it and admins", async () => {
    const { attemptId, questionIds } = await started();
    const [page] = await uploadPhotos(student, attemptId, 1);
    const file = (user?: { cookie: string }) =>
      t.client(user)["mains-tests"]["booklet-files"][":fileId"].$get({
        param: { fileId: page ?? "" },
      });
    const booklet = (user: { cookie: string }) =>
      t.client(user)["mains-tests"].attempts[":attemptId"].booklet.$get({ param: { attemptId } });
    expect((await file(student)).status).toBe(200);
    expect((await file(admin)).status).toBe(200);
    expect((await file(other)).status).toBe(404);
    expect((await file()).status).toBe(401);
    expect((await booklet(other)).status).toBe(404);
    expect((await booklet(admin)).status).toBe(403);
    const before = await snapshot(attemptId);
    // Another student's writes to this attempt: 404, nothing changed.
    expect((await saveDraft(other, attemptId, { files: [] })).status).toBe(404);
    expect((await submit(other, attemptId, { files: [{ id: page ?? "" }] })).status).toBe(404);
    expect((await upload(other, attemptId, await makeImage(60, 80, "jpeg"))).status).toBe(404);
    const removed = await t
      .client(other)
      ["mains-tests"].attempts[":attemptId"].booklet.files[":fileId"].$delete({
        param: { attemptId, fileId: page ?? "" },
      });
    expect(removed.status).toBe(404);
    expect(await snapshot(attemptId)).toEqual(before);

    await submit(student, attemptId, {
      files: [{ id: page ?? "" }],
      answers: [{ testQuestionId: questionIds[0] ?? "", startPage: 1 }],
    });
    const [row] = await t.db
      .select()
      .from(mainsBooklets)
      .where(eq(mainsBooklets.attemptId, attemptId));
    const unassigned = await t.createUser("mentor");
    const claimant = await t.createUser("mentor");
    expect((await file(unassigned)).status).toBe(404);
    await t.db
      .update(mainsMarks)
      .set({ status: "claimed", mentorId: claimant.id, claimExpiresAt: plus(30) })
      .where(eq(mainsMarks.bookletId, row?.id ?? ""));
    expect((await file(claimant)).status).toBe(200);
    expect((await file(unassigned)).status).toBe(404);
    at(plus(31));
    expect((await file(claimant)).status).toBe(404);
  });

  it("shows a shared booklet to the test's other takers only once results are out", async () => {
    const { id, attemptId, questionIds } = await started();
    const [page] = await uploadPhotos(student, attemptId, 1);
    await submit(student, attemptId, {
      files: [{ id: page ?? "" }],
      answers: [{ testQuestionId: questionIds[0] ?? "", startPage: 1 }],
    });
    const peer = await t.createUser("student");
    const peerAttempt = (await start(peer, id)).attempt.id;
    await submit(peer, peerAttempt, {
      answers: [{ testQuestionId: questionIds[0] ?? "", typedText: "An answer." }],
    });
    const outsider = await t.createUser("student");
    const file = (user: { cookie: string }) =>
      t.client(user)["mains-tests"]["booklet-files"][":fileId"].$get({
        param: { fileId: page ?? "" },
      });
    await t.db
      .update(mainsBooklets)
      .set({ shareAnswers: true })
      .where(eq(mainsBooklets.attemptId, attemptId));
    expect((await file(peer)).status).toBe(404);
    await t.db.update(mainsTests).set({ resultsPublishedAt: now() }).where(eq(mainsTests.id, id));
    expect((await file(peer)).status).toBe(200);
    expect((await file(outsider)).status).toBe(404);
    await t.db
      .update(mainsBooklets)
      .set({ shareAnswers: false })
      .where(eq(mainsBooklets.attemptId, attemptId));
    expect((await file(peer)).status).toBe(404);
  });
});
