import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { beforeAll, expect } from "vitest";
import { answerCopies } from "../../db/schema/evaluation.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";
import { makeImage, uploadFile } from "../../test/upload.ts";

/**
 * The evaluation API tests' set-up (evaluation.api.test.ts, evaluation-desk.api.test.ts): the app
 * with two students on an unlimited plan and an admin, and the helpers both files use. Call it
 * at the top level of the test file (it registers the file's hooks).
 */
export function setupEvaluationTests() {
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
    t.request(`/api/answer-evaluation/questions/${questionId}/submit`, {
      cookie: user.cookie,
      body,
    });

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

  return {
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
    unlimited,
  };
}
