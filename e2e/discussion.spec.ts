import { type APIRequestContext, type Page, request } from "@playwright/test";
import { screenshot, seriousViolations, settle, WIDTHS } from "./a11y-helpers.ts";
import { apiAs, createExamWithApi, type ExamQuestion, postOk } from "./api-setup.ts";
import { type Account, expect, runAdmin, test } from "./fixtures.ts";

// The discussion under each question (decision 064): a student who finished an exam opens the
// discussion under a reviewed question, reads the verified explanation a mentor pinned, posts,
// replies and reports; a mentor moderates (the queue, a ban); the notification's page opens at a
// post. Set-up (the exam, other students' posts, the mentor's role) goes through the API.

const QUESTIONS: ExamQuestion[] = [
  {
    questionText: "Which article of the Constitution abolishes untouchability?",
    options: { A: "Article 17", B: "Article 14", C: "Article 21", D: "Article 32" },
    correctAnswer: "A",
    explanation: "Article 17 abolishes untouchability and forbids its practice in any form.",
    hi: {
      questionText: "संविधान का कौन सा अनुच्छेद अस्पृश्यता का उन्मूलन करता है?",
      options: { A: "अनुच्छेद 17", B: "अनुच्छेद 14", C: "अनुच्छेद 21", D: "अनुच्छेद 32" },
      explanation: "अनुच्छेद 17 अस्पृश्यता का उन्मूलन करता है।",
    },
  },
  {
    questionText: "The Tropic of Cancer does not pass through which state?",
    options: { A: "Gujarat", B: "Odisha", C: "Tripura", D: "Mizoram" },
    correctAnswer: "B",
  },
];

/** A student's own API client: takes the exam (right, then wrong) and returns the attempt. */
async function takeExam(api: APIRequestContext, examId: string) {
  const started = await postOk(api, `/api/exams/${examId}/attempts`);
  const answers = (started.questions as { id: string; questionText: string }[]).map((q, i) => ({
    questionId: q.id,
    selectedAnswer: i === 0 ? "A" : "C",
    markedForReview: false,
    clientSeq: i + 1,
  }));
  await postOk(api, `/api/attempts/${started.attempt.id}/answers`, { answers });
  await postOk(api, `/api/attempts/${started.attempt.id}/submit`);
  return started.attempt.id as string;
}

async function signUp(baseURL: string, fullName: string): Promise<Account> {
  const account = {
    email: `${fullName.split(" ")[0]?.toLowerCase()}-${Date.now()}@example.com`,
    password: "Tq7-violet-harbor-92",
    fullName,
  };
  const visitor = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const response = await visitor.post("/api/auth/sign-up/email", {
    data: {
      name: fullName,
      email: account.email,
      password: account.password,
      metadata: { full_name: fullName, mobile_number: "", address: "", date_of_birth: "" },
    },
  });
  expect(response.ok()).toBe(true);
  await visitor.dispose();
  return account;
}

async function check(page: Page, name: string) {
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, name, "phone");
  await page.setViewportSize(WIDTHS.desktop.viewport);
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, name, "desktop");
  await page.setViewportSize(WIDTHS.phone.viewport);
}

test("a student discusses a reviewed question; a mentor pins, moderates and bans", async ({
  loginAs,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
  const admin = runAdmin();
  const adminApi = await apiAs(baseURL, admin.email, admin.password);
  const exam = await createExamWithApi(adminApi, {
    categoryName: `Polity ${Date.now()}`,
    title: "Polity mock",
    timeLimitMinutes: 10,
    passingMarks: 50,
    questions: QUESTIONS,
  });

  // Others have written: a student (English and Hindi), and a mentor's explanation, pinned.
  const ravi = await signUp(baseURL, "Ravi Kumar");
  const raviApi = await apiAs(baseURL, ravi.email, ravi.password);
  await takeExam(raviApi, exam.id);
  const mentorAccount = await signUp(baseURL, "Meera Iyer");
  await postOk(adminApi, "/api/admin/mentors", { email: mentorAccount.email });
  const mentorApi = await apiAs(baseURL, mentorAccount.email, mentorAccount.password);

  // The student, on a phone: the exam's review, and the first question's discussion.
  const asha = await loginAs("student", { context: WIDTHS.phone, fullName: "Asha Verma" });
  const ashaApi = await apiAs(baseURL, asha.user.email, asha.user.password);
  const attemptId = await takeExam(ashaApi, exam.id);
  const attempt = await (await ashaApi.get(`/api/attempts/${attemptId}`)).json();
  const questionId = (attempt.answers as { question: { id: string; questionText: string } }[]).find(
    (a) => a.question.questionText === QUESTIONS[0]?.questionText,
  )?.question.id as string;
  const doubt = await postOk(raviApi, `/api/questions/${questionId}/discussion`, {
    body: "Why not **Article 14**? Equality before law seems close.\n- it covers equality\n- but not untouchability",
  });
  await postOk(raviApi, `/api/questions/${questionId}/discussion`, {
    body: "अनुच्छेद 17 सीधे अस्पृश्यता की बात करता है।",
  });
  const explanation = await postOk(mentorApi, `/api/questions/${questionId}/discussion`, {
    body: `Article 17 abolishes *untouchability* outright; Article 14 is the general rule of equality (see #${doubt.number}).`,
  });
  await postOk(mentorApi, `/api/discussion-posts/${explanation.id}/pin`);

  await asha.page.goto(`/results/${attemptId}`);
  const section = asha.page.getByRole("region", { name: "Discussion" }).first();
  await expect(section).toBeVisible();
  await section.getByRole("button", { name: /Discussion/ }).click();
  await expect(asha.page.getByText("Verified explanation")).toBeVisible();
  await check(asha.page, "discussion-review");

  // She replies to Ravi's doubt and marks the explanation helpful.
  const ravisPost = asha.page.getByRole("article", { name: "Ravi Kumar" }).filter({
    hasText: "Why not",
  });
  await ravisPost.getByRole("button", { name: "Reply" }).click();
  await asha.page
    .getByLabel(`Your reply to post #${doubt.number}`)
    .fill("Article 14 is about equality in general; 17 names untouchability.");
  await asha.page.getByRole("button", { name: "Reply", exact: true }).last().click();
  await expect(asha.page.getByText("Article 14 is about equality in general")).toBeVisible();
  const pinned = asha.page.getByRole("article", { name: "Meera Iyer" });
  await pinned.getByRole("button", { name: /Helpful/ }).click();
  await expect(pinned.getByRole("button", { name: /Helpful/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // And reports the Hindi post (a report, not a reply).
  const hindiPost = asha.page.getByRole("article").filter({ hasText: "अनुच्छेद 17 सीधे" });
  await hindiPost.getByRole("button", { name: "Report" }).click();
  const dialog = asha.page.getByRole("dialog");
  await dialog.getByLabel("Why? (optional)").fill("Off topic");
  await check(asha.page, "discussion-report");
  await dialog.getByRole("button", { name: "Report" }).click();
  await expect(hindiPost.getByText("Reported")).toBeVisible();

  // Ravi is told of her reply: the notification's page opens at the reply.
  const page = `/questions/${questionId}/discussion#post-${doubt.number}`;
  const ravisView = await loginAs("student", { account: ravi, context: WIDTHS.phone });
  await ravisView.page.goto(page);
  await expect(ravisView.page.getByRole("heading", { name: "Discussion", level: 1 })).toBeVisible();
  await expect(ravisView.page.getByText("Correct answer")).toBeVisible();
  // This page is outside the accessibility sweep (it needs an answered question): checked here.
  await check(ravisView.page, "discussion-page");

  // A student who has not answered it reaches nothing.
  const outsider = await loginAs("student", { context: WIDTHS.phone, fullName: "Kiran Rao" });
  await outsider.page.goto(`/questions/${questionId}/discussion`);
  await expect(outsider.page.getByText("This discussion is not available.")).toBeVisible();

  // The mentor's queue: the reported post, and a ban of its writer.
  const mentor = await loginAs("student", { account: mentorAccount, context: WIDTHS.phone });
  await mentor.page.goto("/mentor/discussions");
  const queued = mentor.page.getByRole("article").filter({ hasText: "अनुच्छेद 17 सीधे" });
  await expect(queued.getByText("Off topic")).toBeVisible();
  await check(mentor.page, "discussion-moderation");
  await queued.getByRole("button", { name: "Ban the writer" }).click();
  const ban = mentor.page.getByRole("dialog");
  await ban.getByLabel("Days (1 to 365)").fill("3");
  await ban.getByLabel("Reason").fill("Off-topic posts");
  await check(mentor.page, "discussion-ban");
  await ban.getByRole("button", { name: "Ban" }).click();
  await expect(ban).toBeHidden();
  await mentor.page.getByRole("button", { name: "Bans" }).click();
  await expect(mentor.page.getByText("Off-topic posts").first()).toBeVisible();

  // In Hindi: the review's discussion. (The pages themselves, the admins' among them, are in the
  // accessibility sweep in both languages.)
  const hindi = await loginAs("student", {
    context: WIDTHS.phone,
    fullName: "Sita Devi",
    language: "hi",
  });
  const hindiApi = await apiAs(baseURL, hindi.user.email, hindi.user.password);
  const hindiAttempt = await takeExam(hindiApi, exam.id);
  await hindi.page.goto(`/results/${hindiAttempt}`);
  await hindi.page.getByRole("button", { name: /चर्चा/ }).first().click();
  await expect(hindi.page.getByText("सत्यापित व्याख्या")).toBeVisible();
  await screenshot(hindi.page, "discussion-review-hi", "phone");
});
