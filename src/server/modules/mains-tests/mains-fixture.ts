import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { expect } from "vitest";
import type { MainsPaper } from "../../../shared/evaluation.ts";
import type { MainsTestInput } from "../../../shared/mains-test-schemas.ts";
import { mainsQuestions } from "../../db/schema/evaluation.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import {
  mainsBookletAnswers,
  mainsBookletFiles,
  mainsBooklets,
  mainsMarks,
} from "../../db/schema/mains-booklets.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";
import { createTestClock } from "../../lib/test-clock.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";
import { makeImage, uploadFile } from "../../test/upload.ts";
import { finalizeExpiredAttempts } from "../attempts/attempt-grading.ts";

/**
 * The Mains test series' API tests' set-up (decision 063), for any file that needs a published
 * test, a started attempt or a booklet: the app on a movable clock (`at(iso)` sets it; the
 * sweeper's tick is the engine's `finalizeExpiredAttempts`), two students and an admin, and
 * helpers that go through the API as the web does. Call it at the top level of the test file.
 */
export function setupMainsTests() {
  const clock = createTestClock();
  const { t, student, other, admin } = setupTestApp({
    users: { student: "student", other: "student", admin: "admin" },
    testClock: {
      clock,
      tick: async (now: Date): Promise<Record<string, number>> => ({
        finalized: await finalizeExpiredAttempts(t.db, { now }),
      }),
    },
  });

  /** Sets the server's clock to this instant. */
  const at = (iso: string | Date) => clock.setOffsetMs(clock.offsetTo(new Date(iso)));
  const now = () => clock.now();
  const plus = (minutes: number, from = now()) => new Date(from.getTime() + minutes * 60_000);

  let n = 0;
  /** A question in the Mains bank, straight into the table. */
  async function bankQuestion(paper: MainsPaper = "gs2", hindi = true) {
    n += 1;
    const [row] = await t.db
      .insert(mainsQuestions)
      .values({
        paper,
        questionText: `Discuss the working of cooperative federalism in India (${n}).`,
        questionTextHi: hindi ? `भारत में सहकारी संघवाद की कार्यप्रणाली की चर्चा कीजिए (${n})।` : null,
        directive: "Discuss",
        wordLimit: 250,
        marks: 15,
        publishDate: "2026-01-01",
      })
      .returning({ id: mainsQuestions.id });
    if (!row) throw new Error("insert returned nothing");
    return row.id;
  }

  /** An admin's test body: open from an hour ago for a day, one hour to write, 30 minutes grace. */
  function testBody(overrides: Partial<MainsTestInput> = {}): MainsTestInput {
    return {
      title: "GS II full-length test 1",
      titleHi: "सामान्य अध्ययन II पूर्ण टेस्ट 1",
      instructions: "Answer all questions.",
      instructionsHi: null,
      paper: "gs2",
      seriesId: null,
      durationMinutes: 60,
      uploadGraceMinutes: 30,
      opensAt: plus(-60).toISOString(),
      closesAt: plus(24 * 60).toISOString(),
      isFree: true,
      published: false,
      evaluationMode: "booklet",
      doubleMarkPercent: 10,
      turnaroundHours: 120,
      resultsAt: null,
      ...overrides,
    };
  }

  /**
   * A published test made through the admin API: its paper of `sections` (each question's
   * section, in order; 15 marks each). Returns its id and its paper's question ids in order.
   */
  async function createTest(
    overrides: Partial<MainsTestInput> = {},
    sections: number[] = [1, 1],
    publish = true,
  ) {
    const api = t.client(admin).admin["mains-tests"];
    const created = await api.$post({ json: testBody(overrides) });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = await created.json();
    const questions = [];
    for (const section of sections) {
      questions.push({
        questionId: await bankQuestion(overrides.paper),
        section,
        marks: 15,
        wordLimit: 250,
      });
    }
    const paper = await api[":id"].questions.$put({ param: { id }, json: { questions } });
    expect(paper.status, await paper.clone().text()).toBe(200);
    if (publish) {
      const published = await api[":id"].publication.$put({
        param: { id },
        json: { published: true },
      });
      expect(published.status, await published.clone().text()).toBe(200);
    }
    const view = await (await api[":id"].$get({ param: { id } })).json();
    return { id, questionIds: view.questions.map((q) => q.id) };
  }

  /** Starts (or resumes) the test as `user`; the session. */
  async function start(user: TestUser, testId: string) {
    const response = await t.client(user)["mains-tests"][":id"].attempts.$post({
      param: { id: testId },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }

  const upload = (
    user: TestUser,
    attemptId: string,
    bytes: Buffer,
    name = "page.jpg",
    type = "image/jpeg",
  ) =>
    uploadFile(
      t,
      `/api/mains-tests/attempts/${attemptId}/booklet/files`,
      { bytes, name, type },
      user.cookie,
    );

  /** `count` photos uploaded to the booklet, in order; their file ids. */
  async function uploadPhotos(user: TestUser, attemptId: string, count: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await upload(user, attemptId, await makeImage(60, 80, "jpeg"));
      expect(response.status, await response.clone().text()).toBe(201);
      ids.push(((await response.json()) as { file: { id: string } }).file.id);
    }
    return ids;
  }

  async function pdfOf(pages: number) {
    const doc = await PDFDocument.create();
    for (let i = 0; i < pages; i++) doc.addPage([200, 280]);
    return Buffer.from(await doc.save());
  }

  type Draft = {
    files?: { id: string; rotation?: 0 | 90 | 180 | 270 }[];
    answers?: { testQuestionId: string; startPage?: number | null; typedText?: string | null }[];
  };
  const bookletApi = (user: TestUser) =>
    t.client(user)["mains-tests"].attempts[":attemptId"].booklet;
  const saveDraft = (user: TestUser, attemptId: string, draft: Draft) =>
    bookletApi(user).$put({ param: { attemptId }, json: draft });
  const submit = (user: TestUser, attemptId: string, draft: Draft) =>
    bookletApi(user).submit.$post({ param: { attemptId }, json: draft });

  /** Everything a booklet write may change, to compare before and after a refusal. */
  async function snapshot(attemptId: string) {
    const [attempt] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    const booklets = await t.db
      .select()
      .from(mainsBooklets)
      .where(eq(mainsBooklets.attemptId, attemptId));
    const ids = booklets.map((b) => b.id);
    const files = ids[0]
      ? await t.db.select().from(mainsBookletFiles).where(eq(mainsBookletFiles.bookletId, ids[0]))
      : [];
    const answers = ids[0]
      ? await t.db
          .select()
          .from(mainsBookletAnswers)
          .where(eq(mainsBookletAnswers.bookletId, ids[0]))
      : [];
    const marks = ids[0]
      ? await t.db.select().from(mainsMarks).where(eq(mainsMarks.bookletId, ids[0]))
      : [];
    const sort = <T extends { id: string }>(rows: T[]) =>
      [...rows].sort((a, b) => a.id.localeCompare(b.id));
    return { attempt, booklets, files: sort(files), answers: sort(answers), marks: sort(marks) };
  }

  /** An active plan for `user` around the server's clock. */
  const givePlan = (user: TestUser) =>
    t.db.insert(userSubscriptions).values({
      userId: user.id,
      status: "active",
      startDate: plus(-24 * 60),
      endDate: plus(30 * 24 * 60),
      planName: "Mains",
    });

  return {
    t,
    clock,
    student,
    other,
    admin,
    at,
    now,
    plus,
    bankQuestion,
    testBody,
    createTest,
    start,
    upload,
    uploadPhotos,
    pdfOf,
    saveDraft,
    submit,
    snapshot,
    givePlan,
  };
}
