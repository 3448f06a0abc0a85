// Set-up through the API for the journeys (decision 038): signed-in clients, exams and quizzes with
// their questions, and attempts taken through the engine. The UI is driven only for what a
// journey tests.
import { type APIRequestContext, expect, request } from "@playwright/test";
import { CSV_COLUMNS } from "../src/shared/question-csv.ts";

/** One quiz question as written in the CSV: English, Hindi and the key. */
export type CsvQuestion = {
  en: { text: string; options: [string, string, string, string]; explanation: string };
  hi: { text: string; options: [string, string, string, string]; explanation: string };
  correct: "A" | "B" | "C" | "D";
};

const HEADER = CSV_COLUMNS.join(",");

const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** A CSV with the optional Hindi columns, every value quoted (texts carry commas). */
export function bilingualCsv(questions: CsvQuestion[]): string {
  const rows = questions.map((q) =>
    [
      q.en.text,
      ...q.en.options,
      q.correct,
      q.en.explanation,
      q.hi.text,
      ...q.hi.options,
      q.hi.explanation,
    ]
      .map(quote)
      .join(","),
  );
  return [HEADER, ...rows].join("\n");
}

/** A signed-in API client (its own cookie jar), sending the origin the server trusts. */
export async function apiAs(baseURL: string, email: string, password: string) {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const response = await context.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(response.status()).toBe(200);
  return context;
}

/** Creates a free quiz published today and gives it questions by CSV, as the admin screens do. */
export async function createQuizWithApi(
  admin: APIRequestContext,
  input: { title: string; totalMarks: number; durationMinutes: number; questions: CsvQuestion[] },
): Promise<string> {
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
  const created = await admin.post("/api/admin/quizzes", {
    data: {
      title: input.title,
      isFree: true,
      durationMinutes: input.durationMinutes,
      totalMarks: input.totalMarks,
      difficulty: "Easy",
      publishedOn: today,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const imported = await admin.post("/api/admin/questions/import", {
    multipart: {
      quizId: id,
      file: {
        name: "questions.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(bilingualCsv(input.questions)),
      },
    },
  });
  expect(imported.status()).toBe(200);
  return id;
}

/**
 * A student takes the quiz through the engine's API: starts it, answers the first `correct`
 * questions right and the rest wrong, and submits. Returns the attempt's id and its questions'
 * ids by their English text (for set-up that names a question, such as a post in its discussion).
 */
export async function takeQuizWithApi(
  student: APIRequestContext,
  quizId: string,
  questions: CsvQuestion[],
  correct: number,
) {
  const started = await student.post(`/api/quizzes/${quizId}/attempts`);
  expect(started.status()).toBe(200);
  const session = (await started.json()) as {
    attempt: { id: string };
    questions: { id: string; questionText: string }[];
  };
  const answers = session.questions.map((q, i) => {
    const source = questions.find((s) => s.en.text === q.questionText);
    if (!source) throw new Error(`unknown question ${q.questionText}`);
    const wrong = source.correct === "A" ? "B" : "A";
    const isRight = questions.indexOf(source) < correct;
    return {
      questionId: q.id,
      selectedAnswer: isRight ? source.correct : wrong,
      markedForReview: false,
      clientSeq: i + 1,
    };
  });
  const saved = await student.post(`/api/attempts/${session.attempt.id}/answers`, {
    data: { answers },
  });
  expect(saved.status()).toBe(200);
  const submitted = await student.post(`/api/attempts/${session.attempt.id}/submit`);
  expect(submitted.status()).toBe(200);
  return {
    attemptId: session.attempt.id,
    questionIds: new Map(session.questions.map((q) => [q.questionText, q.id])),
  };
}

/** One exam question: its English text and options, the key, and optionally its Hindi. */
export type ExamQuestion = {
  questionText: string;
  options: Record<"A" | "B" | "C" | "D", string>;
  correctAnswer: "A" | "B" | "C" | "D";
  explanation?: string;
  hi?: {
    questionText: string;
    options: Record<"A" | "B" | "C" | "D", string>;
    explanation?: string;
  };
};

/**
 * POSTs as `client` and returns the JSON, failing the journey with the server's answer if
 * refused. `origin`: for a browser context's client, which does not send one (`apiAs` does).
 */
export async function postOk(
  client: APIRequestContext,
  url: string,
  data?: unknown,
  origin?: string,
) {
  const response = await client.post(url, { data, headers: origin ? { origin } : undefined });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A category, an exam in it and its questions, through the admin API (set-up, not the subject). */
export async function createExamWithApi(
  admin: APIRequestContext,
  input: {
    categoryName: string;
    title: string;
    timeLimitMinutes: number;
    passingMarks: number;
    questions: ExamQuestion[];
  },
): Promise<{ id: string; categoryId: string }> {
  const category = await postOk(admin, "/api/admin/categories", { name: input.categoryName });
  const exam = await postOk(admin, "/api/admin/exams", {
    title: input.title,
    categoryId: category.id,
    timeLimitSeconds: input.timeLimitMinutes * 60,
    passingMarks: input.passingMarks,
  });
  for (const { hi, ...question } of input.questions) {
    await postOk(admin, "/api/admin/questions", {
      examId: exam.id,
      ...question,
      ...(hi ? { translations: { hi: { explanation: null, ...hi } } } : {}),
    });
  }
  return { id: exam.id, categoryId: category.id };
}
