import type { APIRequestContext } from "@playwright/test";
import { apiAs, createExamWithApi, postOk } from "./api-setup.ts";
import { expect, runAdmin, test } from "./fixtures.ts";

// Item analysis and regrade (decision 036): an admin opens the question analysis of an exam with
// completed attempts, sees a "Check the key" flag, fixes the key, regrades, and the student's
// result shows the new score with the note. The exam and the attempts are set up through the API.

const WRONG_KEY_QUESTION = "Which Schedule of the Constitution lists the languages?";
const QUESTIONS = [
  // Its key says A; the right answer (B, the Eighth Schedule) is what the best students chose.
  { questionText: WRONG_KEY_QUESTION, key: "A", right: "B" },
  { questionText: "Which Article provides for the Finance Commission?", key: "C", right: "C" },
  { questionText: "Who appoints the Comptroller and Auditor General?", key: "D", right: "D" },
  { questionText: "Which Part of the Constitution covers Panchayats?", key: "B", right: "B" },
] as const;
const OPTIONS = { A: "Seventh", B: "Eighth", C: "Article 280", D: "The President" };

/** Starts, answers and submits the exam as this student; the choice per question in order. */
async function takeExam(
  request: APIRequestContext,
  baseURL: string,
  examId: string,
  choices: ("A" | "B" | "C" | "D")[],
) {
  const session = await postOk(request, `/api/exams/${examId}/attempts`, undefined, baseURL);
  const byText = new Map(
    (session.questions as { id: string; questionText: string }[]).map((q) => [
      q.questionText,
      q.id,
    ]),
  );
  await postOk(
    request,
    `/api/attempts/${session.attempt.id}/answers`,
    {
      answers: QUESTIONS.map((q, i) => ({
        questionId: byText.get(q.questionText),
        selectedAnswer: choices[i],
        markedForReview: false,
        clientSeq: i + 1,
      })),
    },
    baseURL,
  );
  const review = await postOk(
    request,
    `/api/attempts/${session.attempt.id}/submit`,
    undefined,
    baseURL,
  );
  return review.attempt as { id: string; score: number };
}

test("an admin finds a wrong key in the question analysis, fixes it and regrades", async ({
  loginAs,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
  const suffix = Date.now().toString(36);
  const examTitle = `Polity key check ${suffix}`;
  const { page: adminPage } = await loginAs("admin");
  const account = runAdmin();
  const admin = await apiAs(baseURL, account.email, account.password);
  const exam = await createExamWithApi(admin, {
    categoryName: `Analysis ${suffix}`,
    title: examTitle,
    timeLimitMinutes: 30,
    passingMarks: 70,
    questions: QUESTIONS.map((q) => ({
      questionText: q.questionText,
      options: OPTIONS,
      correctAnswer: q.key,
    })),
  });
  await admin.dispose();

  // Two strong students answer everything right (so Q1 "wrong" by its key): 75%, failed.
  // A weak one matches the wrong key and nothing else: 25%.
  const right = QUESTIONS.map((q) => q.right);
  const { context: ravi } = await loginAs("student", { fullName: "Ravi Kumar" });
  const { context: meera } = await loginAs("student", { fullName: "Meera Iyer" });
  const { context: arjun } = await loginAs("student", { fullName: "Arjun Das" });
  const raviAttempt = await takeExam(ravi.request, baseURL, exam.id, right);
  expect(raviAttempt.score).toBe(75);
  await takeExam(meera.request, baseURL, exam.id, right);
  await takeExam(arjun.request, baseURL, exam.id, ["A", "A", "A", "A"]);

  // Manage Exams links to the analysis; question 1 carries the flag.
  await adminPage.goto("/admin/exams");
  await adminPage.getByLabel("Search exams").fill(suffix);
  await adminPage.getByRole("link", { name: `Question Analysis: ${examTitle}` }).click();
  await expect(adminPage.getByRole("heading", { name: "Question Analysis" })).toBeVisible();
  await expect(adminPage).toHaveTitle(/^Question Analysis/);
  const flagged = adminPage.getByRole("row").filter({ hasText: WRONG_KEY_QUESTION });
  await expect(flagged.getByText("Check the key")).toBeVisible();
  await expect(adminPage.getByText("Check the key", { exact: true })).toHaveCount(1);

  // Fix the key from the question's edit link.
  await flagged.getByRole("link", { name: "Edit question 1" }).click();
  const questionItem = adminPage.getByRole("listitem").filter({ hasText: WRONG_KEY_QUESTION });
  await questionItem.getByRole("button", { name: "Edit question" }).click();
  const dialog = adminPage.getByRole("dialog");
  await dialog.getByLabel("Correct Answer").selectOption("B");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();

  // Regrade after the confirmation: every completed attempt changes.
  await adminPage.goBack();
  await expect(adminPage.getByRole("heading", { name: "Question Analysis" })).toBeVisible();
  await adminPage.getByRole("button", { name: "Regrade" }).click();
  const confirm = adminPage.getByRole("alertdialog", { name: "Regrade every completed attempt?" });
  await confirm.getByRole("button", { name: "Regrade" }).click();
  await expect(adminPage.getByText("3 of 3 completed attempts changed.")).toBeVisible();
  await expect(adminPage.getByText("Check the key", { exact: true })).toHaveCount(0);

  // The student's result: the new score, above the cut-off, and the note.
  const student = await ravi.newPage();
  await student.goto(`/results/${raviAttempt.id}`);
  await expect(student.getByText("100.00%").first()).toBeVisible();
  await expect(student.getByText("Above the cut-off", { exact: true })).toBeVisible();
  await expect(
    student.getByText(/^The answer key was corrected on .+\. Your score has been recalculated\.$/),
  ).toBeVisible();
});
