import { screenshot, seriousViolations, settle, WIDTHS } from "./a11y-helpers.ts";
import { expect, test } from "./fixtures.ts";

const DEMO_MOCK = "UPSC Prelims Mock Test 1: GS Paper I";
// The demo's subjects (the taxonomy tags its questions); an untagged install shows "Untagged".
const SUBJECT_ROW = /^(Polity|History|Geography|Economy|Untagged)$/;

test("a student takes the demo mock, reads its analysis (phone and desktop) and opens My Progress", async ({
  loginAs,
  baseURL,
}) => {
  // Set-up through the API: the admin looks up the demo mock's questions and keys.
  const { page: adminPage } = await loginAs("admin");
  const exams = await (await adminPage.request.get("/api/admin/exams")).json();
  const exam = (exams.items ?? exams).find((e: { title: string }) => e.title === DEMO_MOCK);
  expect(exam, "the demo mock is seeded").toBeTruthy();
  const listed = await (
    await adminPage.request.get(`/api/admin/questions?examId=${exam.id}&pageSize=100`)
  ).json();
  const keys: { id: string; correctAnswer: string }[] = listed.items;
  expect(keys.length).toBeGreaterThan(0);

  // The student starts on the start screen, their answers go in through the API (every one
  // right, so they rank first among first attempts), and they submit in the runner.
  const { page, user } = await loginAs("student", { fullName: "Meera Iyer" });
  await page.goto(`/exam/${exam.id}`);
  await page.getByRole("button", { name: "Start Exam" }).click();
  await expect(page.getByText(`Question 1 of ${keys.length}`)).toBeVisible();
  const open = await (await page.request.get(`/api/exams/${exam.id}/overview`)).json();
  const attemptId: string = open.openAttempt.id;
  const saved = await page.request.post(`/api/attempts/${attemptId}/answers`, {
    headers: { origin: baseURL ?? "" },
    data: {
      answers: keys.map((q, i) => ({
        questionId: q.id,
        selectedAnswer: q.correctAnswer,
        markedForReview: false,
        clientSeq: Date.now() + i,
      })),
    },
  });
  expect(saved.status()).toBe(200);
  // Before the submit there is no analysis at all.
  expect((await page.request.get(`/api/attempts/${attemptId}/analysis`)).status()).toBe(409);
  await page.reload();
  await page.getByRole("button", { name: "Resume" }).click();
  // Confidence tags: one tap marks the first answer a guess; it is saved with it.
  const howSure = page.getByRole("group", { name: "How sure are you?" });
  await howSure.getByRole("button", { name: "Guess" }).click();
  await expect(howSure.getByRole("button", { name: "Guess" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText("All answers saved")).toBeVisible();
  await page.getByRole("button", { name: "Finish and submit" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Exam" }).click();
  await page.getByRole("link", { name: "View Detailed Results" }).click();

  // The Analysis part of the result page.
  await expect(page).toHaveURL(new RegExp(`/results/${attemptId}$`));
  const analysis = page.getByRole("region", { name: "Analysis" });
  await expect(analysis.getByRole("heading", { name: "Analysis", level: 2 })).toBeVisible();
  await expect(analysis.getByText(/^Rank 1 of \d+$/)).toBeVisible();
  await expect(analysis.getByText(/^Percentile \d+(\.\d+)?$/)).toBeVisible();
  const subjects = analysis.getByRole("table", { name: "Subject-wise performance" });
  await expect(subjects.getByRole("rowheader", { name: SUBJECT_ROW }).first()).toBeVisible();
  await expect(analysis.getByRole("figure", { name: /^Seconds per question/ })).toBeVisible();
  // The guess was right, so guessing paid this time, and the verdict says so.
  const confidence = analysis.getByRole("region", { name: "Accuracy by confidence" });
  await expect(confidence.getByRole("heading", { name: "What guessing cost you" })).toBeVisible();
  await expect(
    confidence.getByText(/^Your guesses scored \+[\d.]+ marks net: they paid off this time/),
  ).toBeVisible();
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, "analysis-report", "desktop");

  // The same report on a phone: the charts start as their tables.
  const phone = await loginAs("student", { account: user, context: WIDTHS.phone });
  await phone.page.goto(`/results/${attemptId}`);
  const phoneAnalysis = phone.page.getByRole("region", { name: "Analysis" });
  await expect(phoneAnalysis.getByText(/^Rank 1 of \d+$/)).toBeVisible();
  await expect(
    phoneAnalysis.getByRole("table", { name: "Time per question" }).getByRole("rowheader", {
      name: "Q1",
      exact: true,
    }),
  ).toBeVisible();
  await settle(phone.page);
  expect(await seriousViolations(phone.page)).toEqual([]);
  await screenshot(phone.page, "analysis-report", "phone");

  // My Progress, from the navigation.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Progress" })
    .click();
  await expect(page.getByRole("heading", { name: "My Progress", level: 1 })).toBeVisible();
  await expect(page.getByText("Attempts completed").locator("..")).toContainText("1");
  const scores = page.getByRole("table", { name: "Exams: score %" });
  await expect(scores.getByRole("link", { name: DEMO_MOCK })).toHaveAttribute(
    "href",
    `/results/${attemptId}`,
  );
  await expect(scores).toContainText("100%");
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, "my-progress", "desktop");
});
