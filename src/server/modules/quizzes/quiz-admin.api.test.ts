import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSV_HINDI_HEADERS, CSV_REQUIRED_HEADERS } from "../../../shared/question-csv.ts";
import { NUL_MESSAGE } from "../../../shared/text.ts";
import { examAttempts, questions } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { fetchStored, postCsvImport, uploadFile } from "../../test/upload.ts";

const { t, admin, student } = setupTestApp({ users: { admin: "admin", student: "student" } });

const quizBody = {
  title: "Union Budget 2026",
  isFree: false,
  durationMinutes: 12,
  totalMarks: 20,
  difficulty: "Hard",
  publishedOn: "2026-02-01",
};
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const HEADER = CSV_REQUIRED_HEADERS.join(",");
const HINDI = `,${CSV_HINDI_HEADERS.join(",")}`;

describe("admin quizzes", () => {
  it("creates, lists with search, edits and deletes a quiz, saying how many attempts go", async () => {
    const created = await t.request("/api/admin/quizzes", { cookie: admin.cookie, body: quizBody });
    expect(created.status).toBe(201);
    const quiz = await created.json();
    expect(quiz).toMatchObject({ ...quizBody, pdfUrl: null });
    const bad = await t.request("/api/admin/quizzes", {
      cookie: admin.cookie,
      body: { ...quizBody, durationMinutes: 0, difficulty: "Impossible" },
    });
    expect(bad.status).toBe(422);
    const edited = await t.request(`/api/admin/quizzes/${quiz.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: { ...quizBody, title: "Union Budget 2026: fiscal deficit" },
    });
    expect((await edited.json()).title).toBe("Union Budget 2026: fiscal deficit");
    const list = await (
      await t.request("/api/admin/quizzes?search=fiscal&page=1&pageSize=5", {
        cookie: admin.cookie,
      })
    ).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id: quiz.id, numQuestions: 0, attemptCount: 0 });

    await t.request("/api/admin/questions", {
      cookie: admin.cookie,
      body: {
        quizId: quiz.id,
        questionText: "Which body recommends the states' share of taxes?",
        options: { A: "Finance Commission", B: "NITI Aayog", C: "RBI", D: "GST Council" },
        correctAnswer: "A",
        translations: {
          hi: {
            questionText: "राज्यों के कर-हिस्से की सिफ़ारिश कौन करता है?",
            options: { A: "वित्त आयोग", B: "नीति आयोग", C: "आरबीआई", D: "जीएसटी परिषद" },
          },
        },
      },
    });
    const subscriber = await t.createUser("admin");
    await t.request(`/api/quizzes/${quiz.id}/attempts`, {
      method: "POST",
      cookie: subscriber.cookie,
    });
    const withAttempt = await (
      await t.request("/api/admin/quizzes?search=fiscal", { cookie: admin.cookie })
    ).json();
    expect(withAttempt.items[0]).toMatchObject({
      numQuestions: 1,
      attemptCount: 1,
      languages: ["English", "Hindi"],
    });

    const forbidden = await t.request(`/api/admin/quizzes/${quiz.id}`, {
      method: "DELETE",
      cookie: student.cookie,
    });
    expect(forbidden.status).toBe(403);
    const deleted = await t.request(`/api/admin/quizzes/${quiz.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(await deleted.json()).toEqual({ id: quiz.id, deletedAttempts: 1 });
    expect(await t.db.select().from(questions).where(eq(questions.quizId, quiz.id))).toEqual([]);
    expect(await t.db.select().from(examAttempts).where(eq(examAttempts.quizId, quiz.id))).toEqual(
      [],
    );
  });

  it("stores a PDF checked by content and serves it only to viewers entitled to the quiz", async () => {
    const premium = await createQuizFixture(t.db, { isFree: false });
    const free = await createQuizFixture(t.db);
    const hidden = await createQuizFixture(t.db, { publishedOn: "2100-01-01" });
    const notPdf = await uploadFile(
      t,
      `/api/admin/quizzes/${free.quiz.id}/pdf`,
      { bytes: Buffer.from("<html>hi</html>"), name: "x.pdf", type: "application/pdf" },
      admin.cookie,
    );
    expect(notPdf.status).toBe(422);
    const tooBig = await uploadFile(
      t,
      `/api/admin/quizzes/${free.quiz.id}/pdf`,
      {
        bytes: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
        name: "big.pdf",
        type: "application/pdf",
      },
      admin.cookie,
    );
    expect(tooBig.status).toBe(413);
    const [unchanged] = await t.db.select().from(quizzes).where(eq(quizzes.id, free.quiz.id));
    expect(unchanged?.pdfKey).toBeNull();
    const byStudent = await uploadFile(
      t,
      `/api/admin/quizzes/${free.quiz.id}/pdf`,
      { bytes: PDF, name: "a.pdf" },
      student.cookie,
    );
    expect(byStudent.status).toBe(403);

    for (const q of [premium, free, hidden]) {
      // Marked as holding no answers, so entitlement alone decides here (the answer rule below).
      const ok = await uploadFile(
        t,
        `/api/admin/quizzes/${q.quiz.id}/pdf`,
        { bytes: PDF, name: "notes.pdf", type: "application/pdf" },
        admin.cookie,
        { hasNoAnswers: "true" },
      );
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({
        pdfUrl: `/api/quizzes/${q.quiz.id}/pdf`,
        pdfHasNoAnswers: true,
      });
    }
    const freePdf = await t.request(`/api/quizzes/${free.quiz.id}/pdf`, { cookie: student.cookie });
    expect(freePdf.status).toBe(200);
    expect(freePdf.headers.get("content-type")).toBe("application/pdf");
    expect(freePdf.headers.get("x-content-type-options")).toBe("nosniff");
    expect(freePdf.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(Buffer.from(await freePdf.arrayBuffer()).equals(PDF)).toBe(true);
    const premiumPdf = await t.request(`/api/quizzes/${premium.quiz.id}/pdf`, {
      cookie: student.cookie,
    });
    expect(premiumPdf.status).toBe(403);
    const hiddenPdf = await t.request(`/api/quizzes/${hidden.quiz.id}/pdf`, {
      cookie: student.cookie,
    });
    expect(hiddenPdf.status).toBe(404);
    expect((await t.request(`/api/quizzes/${free.quiz.id}/pdf`)).status).toBe(401);
    expect(
      (await t.request(`/api/quizzes/${premium.quiz.id}/pdf`, { cookie: admin.cookie })).status,
    ).toBe(200);
    // The stored file is not public under /storage either.
    const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, premium.quiz.id));
    expect((await fetchStored(t, `/storage/quiz_pdfs/${row?.pdfKey}`)).status).toBe(404);
  });
});

describe("a quiz PDF that may hold answers", () => {
  const pdfOf = (cookie: string, quizId: string) =>
    t.request(`/api/quizzes/${quizId}/pdf`, { cookie });
  const cardOf = async (cookie: string, quizId: string) => {
    const list = await (await t.request("/api/quizzes", { cookie })).json();
    return list.items.find((item: { id: string }) => item.id === quizId);
  };

  it("reaches a student only after they complete an attempt, unless marked answer-free", async () => {
    const { quiz, questions: qs } = await createQuizFixture(t.db, { questionCount: 2 });
    const upload = await uploadFile(
      t,
      `/api/admin/quizzes/${quiz.id}/pdf`,
      { bytes: PDF, name: "key.pdf", type: "application/pdf" },
      admin.cookie,
    );
    expect(await upload.json()).toMatchObject({ pdfHasNoAnswers: false });
    const learner = await t.createUser("student");
    const other = await t.createUser("student");

    // Before any attempt, and during an open one: no link, a reason, and no bytes.
    const refusedWith = async (cookie: string) => {
      const response = await pdfOf(cookie, quiz.id);
      expect(response.status).toBe(403);
      expect(response.headers.get("content-type")).not.toContain("application/pdf");
      expect((await response.json()).error.message).toBe(
        "The PDF opens once you have completed this quiz.",
      );
    };
    expect(await cardOf(learner.cookie, quiz.id)).toMatchObject({
      pdfUrl: null,
      pdfAfterAttempt: true,
    });
    await refusedWith(learner.cookie);
    const started = await t.request(`/api/quizzes/${quiz.id}/attempts`, {
      method: "POST",
      cookie: learner.cookie,
    });
    expect(started.status).toBe(200);
    const attemptId = (await started.json()).attempt.id;
    await refusedWith(learner.cookie);

    // Completed: the link and the file. Another student's completion opens nothing for them.
    await t.request(`/api/attempts/${attemptId}/answers`, {
      cookie: learner.cookie,
      body: {
        answers: qs.map((q, i) => ({
          questionId: q.id,
          selectedAnswer: q.correctAnswer,
          markedForReview: false,
          clientSeq: i + 1,
        })),
      },
    });
    const submitted = await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: learner.cookie,
    });
    expect(submitted.status).toBe(200);
    expect(await cardOf(learner.cookie, quiz.id)).toMatchObject({
      pdfUrl: `/api/quizzes/${quiz.id}/pdf`,
      pdfAfterAttempt: false,
    });
    const served = await pdfOf(learner.cookie, quiz.id);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    expect(await cardOf(other.cookie, quiz.id)).toMatchObject({ pdfUrl: null });
    await refusedWith(other.cookie);
    expect((await pdfOf(admin.cookie, quiz.id)).status).toBe(200);

    // Re-uploaded as answer-free: every student who may see the quiz gets it at once.
    await uploadFile(
      t,
      `/api/admin/quizzes/${quiz.id}/pdf`,
      { bytes: PDF, name: "notes.pdf", type: "application/pdf" },
      admin.cookie,
      { hasNoAnswers: "true" },
    );
    expect(await cardOf(other.cookie, quiz.id)).toMatchObject({
      pdfUrl: `/api/quizzes/${quiz.id}/pdf`,
      pdfAfterAttempt: false,
    });
    expect((await pdfOf(other.cookie, quiz.id)).status).toBe(200);
  });
});

describe("quiz questions, single and CSV", () => {
  it("imports a CSV into a quiz with and without the Hindi columns", async () => {
    const { quiz } = await createQuizFixture(t.db, { questionCount: 0 });
    const english = `${HEADER}\n"What is GDP?",a,b,c,d,A,\n`;
    const hindi = `${HEADER}${HINDI}\n"Repo rate is set by?",RBI,SEBI,NITI,FinMin,A,"MPC of the RBI",रेपो दर कौन तय करता है?,आरबीआई,सेबी,नीति,वित्त मंत्रालय,आरबीआई की एमपीसी\n`;
    for (const csv of [english, hindi]) {
      const response = await postCsvImport(t, {
        cookie: admin.cookie,
        body: { quizId: quiz.id, csv },
      });
      expect(await response.json()).toEqual({
        inserted: 1,
        valid: 1,
        skipped: [],
        duplicates: [],
        duplicatesSkipped: 0,
        missingTags: { subjects: [], topics: [] },
      });
    }
    const rows = await t.db
      .select()
      .from(questions)
      .where(eq(questions.quizId, quiz.id))
      .orderBy(questions.createdAt);
    expect(rows.map((r) => r.translations)).toEqual([
      {},
      {
        hi: {
          questionText: "रेपो दर कौन तय करता है?",
          options: { A: "आरबीआई", B: "सेबी", C: "नीति", D: "वित्त मंत्रालय" },
          explanation: "आरबीआई की एमपीसी",
        },
      },
    ]);
    expect(rows.every((r) => r.examId === null)).toBe(true);
    const listed = await (
      await t.request(`/api/admin/questions?quizId=${quiz.id}`, { cookie: admin.cookie })
    ).json();
    expect(listed.items.map((q: { quiz: { id: string } }) => q.quiz.id)).toEqual([
      quiz.id,
      quiz.id,
    ]);
  });

  it("refuses a question for both an exam and a quiz, or for neither, and stores nothing", async () => {
    const { quiz } = await createQuizFixture(t.db, { questionCount: 0 });
    const base = {
      questionText: "Q?",
      options: { A: "a", B: "b", C: "c", D: "d" },
      correctAnswer: "A",
    };
    const neither = await t.request("/api/admin/questions", { cookie: admin.cookie, body: base });
    const both = await t.request("/api/admin/questions", {
      cookie: admin.cookie,
      body: { ...base, quizId: quiz.id, examId: quiz.id },
    });
    const halfHindi = await t.request("/api/admin/questions", {
      cookie: admin.cookie,
      body: {
        ...base,
        quizId: quiz.id,
        translations: { hi: { questionText: "प्र?", options: { A: "क", B: "", C: "ग", D: "घ" } } },
      },
    });
    const csvBoth = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { quizId: quiz.id, examId: quiz.id, csv: `${HEADER}\nQ,a,b,c,d,A,\n` },
    });
    expect([neither.status, both.status, halfHindi.status, csvBoth.status]).toEqual([
      422, 422, 422, 422,
    ]);
    expect(await t.db.select().from(questions).where(eq(questions.quizId, quiz.id))).toEqual([]);
  });
});

describe("a quiz's optional Hindi title", () => {
  const titleHi = "केंद्रीय बजट 2026";
  const rowOf = async (id: string) =>
    (await t.db.select().from(quizzes).where(eq(quizzes.id, id)))[0];
  const create = async (body: Record<string, unknown>) => {
    const response = await t.request("/api/admin/quizzes", { cookie: admin.cookie, body });
    expect(response.status).toBe(201);
    return response.json();
  };
  const put = (id: string, body: Record<string, unknown>) =>
    t.request(`/api/admin/quizzes/${id}`, { method: "PUT", cookie: admin.cookie, body });

  it("is stored trimmed, null when not given or left blank, and set or cleared by an edit", async () => {
    const withHindi = await create({ ...quizBody, titleHi: `  ${titleHi} ` });
    expect(withHindi.titleHi).toBe(titleHi);
    expect((await rowOf(withHindi.id))?.titleHi).toBe(titleHi);
    const without = await create(quizBody);
    expect(without.titleHi).toBeNull();
    expect((await create({ ...quizBody, titleHi: "   " })).titleHi).toBeNull();

    const added = await put(without.id, { ...quizBody, titleHi });
    expect((await added.json()).titleHi).toBe(titleHi);
    const cleared = await put(withHindi.id, { ...quizBody, titleHi: "" });
    expect((await cleared.json()).titleHi).toBeNull();
    expect((await rowOf(withHindi.id))?.titleHi).toBeNull();
  });

  it("refuses a Hindi title too long, holding U+0000 or not text with 422, changing nothing", async () => {
    const quiz = await create({ ...quizBody, titleHi });
    const before = await rowOf(quiz.id);
    const countBefore = await t.db.$count(quizzes);
    const bad: [unknown, string][] = [
      ["क".repeat(301), "Title is too long."],
      ["बजट\u0000", NUL_MESSAGE],
      [42, "Invalid input: expected string, received number"],
    ];
    for (const [value, message] of bad) {
      const created = await t.request("/api/admin/quizzes", {
        cookie: admin.cookie,
        body: { ...quizBody, titleHi: value },
      });
      expect(created.status).toBe(422);
      expect((await created.json()).error.message).toBe(message);
      const edited = await put(quiz.id, { ...quizBody, title: "Changed", titleHi: value });
      expect(edited.status).toBe(422);
    }
    expect(await rowOf(quiz.id)).toEqual(before);
    const countAfter = await t.db.$count(quizzes);
    expect(countAfter).toBe(countBefore);
  });

  it("reaches the student with the quiz: list, home, start, attempt, result, My Results, dashboard", async () => {
    const quiz = await create({
      ...quizBody,
      isFree: true,
      titleHi,
      publishedOn: publicationDay(new Date()),
    });
    await t.db.insert(questions).values({
      quizId: quiz.id,
      questionText: "Who presents the Union Budget?",
      options: { A: "The Finance Minister", B: "The President", C: "The RBI", D: "NITI Aayog" },
      correctAnswer: "A",
    });
    const get = async (path: string) => {
      const response = await t.request(path, { cookie: student.cookie });
      expect(response.status, path).toBe(200);
      return response.json();
    };
    const card = (await get("/api/quizzes")).items.find((q: { id: string }) => q.id === quiz.id);
    expect(card.titleHi).toBe(titleHi);
    const home = (await get("/api/home/quizzes")).find((q: { id: string }) => q.id === quiz.id);
    expect(home.titleHi).toBe(titleHi);
    expect((await get(`/api/quizzes/${quiz.id}/overview`)).quiz.titleHi).toBe(titleHi);

    const started = await t.request(`/api/quizzes/${quiz.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    const session = await started.json();
    expect(session.quiz.titleHi).toBe(titleHi);
    const resumable = (await get("/api/home/resume")).find(
      (a: { attemptId: string }) => a.attemptId === session.attempt.id,
    );
    expect(resumable.titleHi).toBe(titleHi);
    const submitted = await t.request(`/api/attempts/${session.attempt.id}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(submitted.status).toBe(200);
    expect((await get(`/api/attempts/${session.attempt.id}`)).quiz.titleHi).toBe(titleHi);
    expect((await get("/api/results?kind=quiz")).items[0]).toMatchObject({
      id: session.attempt.id,
      titleHi,
    });
    const dashboard = await get("/api/home/dashboard?tz=Asia/Kolkata");
    expect(dashboard.todaysQuiz).toMatchObject({ id: quiz.id, titleHi });
    expect(dashboard.lastResult).toMatchObject({ id: session.attempt.id, titleHi });
  });
});
