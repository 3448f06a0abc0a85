import { type APIRequestContext, type Page, request } from "@playwright/test";
import sharp from "sharp";
import { closeToasts, screenshot, seriousViolations, settle, WIDTHS } from "./a11y-helpers.ts";
import { apiAs, postOk } from "./api-setup.ts";
import { type Account, expect, runAdmin, test } from "./fixtures.ts";
import { createStudent } from "./helpers.ts";

// The Mains test series (decision 063) end to end: an admin builds and publishes a two-question
// GS II test with every answer double-marked; a topper takes it through the API and shares their
// answers; the student writes it on a phone, uploads a two-page booklet, maps the pages and
// submits; mentor A marks the first round and mentor B the blind second one with other marks; the
// admin reads the examiners' agreement and publishes; the student reads marks, rank and the
// topper's answer, asks for a re-evaluation that a third mentor marks, and sees its outcome and
// the new rank. Set-up that is not the subject (questions, mentors, the topper) goes through the
// API.

const indiaToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

const bookletPage = (colour: string) =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The topper's typed answers to questions 1 and 2. */
const TOPPER_ANSWERS = [
  "The Finance Commission divides taxes vertically and horizontally between the Union and the States.",
  "The Tenth Schedule disqualifies members who defect; the Speaker decides, subject to review.",
];

/** The default rubric's parts (evaluation settings), in order. */
const RUBRIC_PARTS = [
  "Introduction",
  "Body and content",
  "Structure",
  "Examples and data",
  "Conclusion",
  "Presentation",
];

/** Splits a mark over the rubric's parts, filling each part to its maximum in order. */
function partMarksFor(total: number, maxima: number[]): number[] {
  let left = total;
  return maxima.map((max) => {
    const given = Math.min(max, left);
    left -= given;
    return given;
  });
}

type Mark = {
  id: string;
  question: { position: number };
  rubric: { name: string; max: number }[];
  answer: { typedText: string | null };
};

/**
 * Submits a marking through the API: the marks `total` gives for the answer (blind: the desk's
 * read says only what was written), spread over the rubric's parts.
 */
async function markWithApi(
  mentor: APIRequestContext,
  markId: string,
  total: (mark: Mark) => number,
) {
  const response = await mentor.get(`/api/mentor/mains/marks/${markId}`);
  expect(response.ok()).toBe(true);
  const mark = (await response.json()) as Mark;
  const partMarks = partMarksFor(
    total(mark),
    mark.rubric.map((p) => p.max),
  );
  await postOk(mentor, `/api/mentor/mains/marks/${markId}/submit`, {
    partMarks,
    comment: "",
    annotations: [],
  });
  return mark;
}

/** Scores the desk's rubric (10-mark questions: parts of 1, 4, 1.5, 1.5, 1, 1) and comments. */
async function markOnDesk(page: Page, total: number, comment: string) {
  const maxima = [1, 4, 1.5, 1.5, 1, 1];
  const parts = partMarksFor(total, maxima);
  for (const [index, name] of RUBRIC_PARTS.entries()) {
    await page.getByLabel(name, { exact: true }).fill(String(parts[index]));
  }
  await page.getByLabel("Overall comment").fill(comment);
  await expect(page.getByRole("status", { name: "Total" })).toHaveText(`${total} / 10`);
}

/** Submits the desk's marks, through the confirmation. */
async function submitOnDesk(page: Page) {
  await page.getByRole("button", { name: "Submit marks" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Submit", exact: true }).click();
}

/** A mentor: a new account (signed up as students are) that an admin promotes. */
async function newMentor(
  anonymous: APIRequestContext,
  baseURL: string,
  admin: APIRequestContext,
  fullName: string,
) {
  const account: Account = await createStudent(anonymous, baseURL, fullName);
  await postOk(admin, "/api/admin/mentors", { email: account.email });
  return { account, api: await apiAs(baseURL, account.email, account.password) };
}

type WorkGroup = { round: string; marks: { id: string; status: string }[] };

/** The ids of the markings this mentor holds and has not submitted. */
async function heldMarks(mentor: APIRequestContext): Promise<string[]> {
  const response = await mentor.get("/api/mentor/mains/work");
  expect(response.ok()).toBe(true);
  const { groups } = (await response.json()) as { groups: WorkGroup[] };
  return groups.flatMap((g) => g.marks.filter((m) => m.status === "claimed").map((m) => m.id));
}

test("an admin builds a double-marked Mains test; a student writes it, two mentors mark it, the admin checks agreement and publishes; the student sees rank and topper and gets a re-evaluation", async ({
  loginAs,
  baseURL,
  request: anonymous,
}) => {
  if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
  const suffix = Date.now().toString(36);
  const title = `GS II Mock ${suffix}`;
  const admin = runAdmin();
  const adminApi = await apiAs(baseURL, admin.email, admin.password);
  const question = (text: string) =>
    postOk(adminApi, "/api/mains-questions", {
      paper: "gs2",
      questionText: text,
      directive: "Discuss",
      wordLimit: 150,
      marks: 10,
      publishDate: indiaToday(),
      modelAnswer: "Key points: the constitutional basis, the working, the reforms.",
    });
  const q1Text = `Discuss the role of the Finance Commission in fiscal federalism (${suffix}).`;
  const q2Text = `Examine the working of the anti-defection law (${suffix}).`;
  await question(q1Text);
  await question(q2Text);

  const { page: adminPage } = await loginAs("admin", { context: WIDTHS.desktop });
  const testId = await test.step("1. the admin builds and publishes the test", async () => {
    // The admin builds the test: its rules, the paper from the bank, publication.
    await adminPage.goto("/admin/mains-tests");
    await adminPage.getByRole("button", { name: "New Mains test" }).click();
    const dialog = adminPage.getByRole("dialog");
    await dialog.getByLabel("Title", { exact: true }).fill(title);
    await dialog.getByLabel("Paper").selectOption({ label: "GS II" });
    // The window in the browser's own zone, as the field takes it: opened ten minutes ago.
    const local = (offsetMinutes: number) =>
      adminPage.evaluate((minutes) => {
        const at = new Date(Date.now() + minutes * 60_000);
        const pad = (n: number) => String(n).padStart(2, "0");
        return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
      }, offsetMinutes);
    await dialog.getByLabel("Window opens").fill(await local(-10));
    await dialog.getByLabel("Window closes").fill(await local(2 * 24 * 60));
    await dialog.getByLabel("Double-marked (%)").fill("100");
    await dialog.getByRole("button", { name: "Create test" }).click();
    await expect(adminPage).toHaveURL(/\/admin\/mains-tests\/[0-9a-f-]{36}$/);
    await expect(adminPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await adminPage.getByLabel("Search Mains questions").fill(suffix);
    for (const text of [q1Text, q2Text]) {
      await adminPage
        .getByRole("listitem")
        .filter({ hasText: text })
        .getByRole("button", { name: /^Add question: / })
        .click();
    }
    await expect(adminPage.getByText("Question 2", { exact: true })).toBeVisible();
    await adminPage.getByRole("button", { name: "Save paper" }).click();
    await expect(adminPage.getByText("20 marks · 2 questions")).toBeVisible();
    await adminPage.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(adminPage.getByRole("button", { name: "Unpublish" })).toBeVisible();

    return adminPage.url().split("/").at(-1) ?? "";
  });

  await test.step("2. the topper takes it (API)", async () => {
    // The topper takes the test through the API: typed answers, shared with their name.
    const topper = await createStudent(anonymous, baseURL, "Rohan Mehta");
    const topperApi = await apiAs(baseURL, topper.email, topper.password);
    const started = (await postOk(topperApi, `/api/mains-tests/${testId}/attempts`)) as {
      attempt: { id: string };
      mains: { questions: { id: string; position: number }[] };
    };
    const paper = started.mains.questions.toSorted((a, b) => a.position - b.position);
    await postOk(topperApi, `/api/mains-tests/attempts/${started.attempt.id}/booklet/submit`, {
      files: [],
      answers: paper.map((q, i) => ({
        testQuestionId: q.id,
        startPage: null,
        typedText: TOPPER_ANSWERS[i],
      })),
    });
    const shared = await topperApi.put(`/api/mains-tests/${testId}/sharing`, {
      data: { shareAnswers: true, shareName: true },
    });
    expect(shared.ok()).toBe(true);
    await topperApi.dispose();
  });

  const { page: sp } = await loginAs("student", { context: WIDTHS.phone, fullName: "Asha Verma" });
  await test.step("3. the student writes it on a phone", async () => {
    // The student, on a phone: the list, the start, the paper, the booklet, the map, submit.
    await sp.goto("/student/mains-tests");
    const card = sp.getByRole("listitem").filter({ has: sp.getByRole("heading", { name: title }) });
    await expect(card).toContainText("20 marks · 2 questions");
    await card.getByRole("link", { name: "Start" }).click();
    await expect(sp.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await sp.getByRole("button", { name: "Start Test" }).click();
    const questionPaper = sp.getByRole("region", { name: "Question paper" });
    await expect(questionPaper.getByRole("listitem")).toHaveCount(2);
    await expect(questionPaper.getByRole("listitem").first()).toContainText(q1Text);
    await expect(questionPaper.getByRole("listitem").last()).toContainText(q2Text);
    await expect(sp.getByRole("timer", { name: "Writing time left" })).toBeVisible();
    await sp.getByLabel("Upload photos or a PDF").setInputFiles([
      { name: "page-1.png", mimeType: "image/png", buffer: await bookletPage("#fdfdf5") },
      { name: "page-2.png", mimeType: "image/png", buffer: await bookletPage("#f5f9ff") },
    ]);
    await expect(sp.getByText("Uploaded", { exact: true })).toHaveCount(2);
    await sp.getByLabel("Question 1 starts on").selectOption({ label: "Page 1" });
    await sp.getByLabel("Question 2 starts on").selectOption({ label: "Page 2" });
    await settle(sp);
    expect(await seriousViolations(sp)).toEqual([]);
    await screenshot(sp, "mains-booklet", "phone");
    await sp.setViewportSize(WIDTHS.desktop.viewport);
    await screenshot(sp, "mains-booklet", "desktop");
    await sp.setViewportSize(WIDTHS.phone.viewport);
    await sp.getByRole("button", { name: "Submit booklet" }).click();
    await sp.getByRole("dialog").getByRole("button", { name: "Submit booklet" }).click();
    await expect(sp.getByRole("heading", { name: "Booklet submitted" })).toBeVisible();
    await expect(sp.getByText(/^Results promised by /)).toBeVisible();
  });

  const mentorA = await newMentor(anonymous, baseURL, adminApi, "Meera Iyer");
  const mentorB = await newMentor(anonymous, baseURL, adminApi, "Farhan Ali");
  await test.step("4a. mentor A marks the first round", async () => {
    // Mentor A: the first marking. The topper's booklet (the oldest) through the API, then
    // the student's on the desk: the map sends each answer to its own page.
    const topperClaim = (await postOk(mentorA.api, `/api/mentor/mains/tests/${testId}/claim`, {
      round: "first",
    })) as { markIds: string[] };
    // First marks: the topper 8 and 7, the student 5 and 6.
    expect(topperClaim.markIds).toHaveLength(2);
    for (const [index, markId] of topperClaim.markIds.entries()) {
      const mark = await markWithApi(mentorA.api, markId, () => [8, 7][index] ?? 0);
      expect(mark.answer.typedText).toBe(TOPPER_ANSWERS[index]);
    }
    const a = await loginAs("student", { account: mentorA.account, context: WIDTHS.desktop });
    await a.page.goto("/mentor/mains");
    const queued = a.page.getByRole("listitem").filter({ hasText: title });
    await queued.getByRole("button", { name: "Claim a booklet (1 waiting)" }).click();
    await expect(a.page).toHaveURL(/\/mentor\/mains\/marks\/[0-9a-f-]{36}$/);
    await expect(a.page.getByText(q1Text)).toBeVisible();
    await expect(a.page.getByText("This answer is on page 1 of the booklet.")).toBeVisible();
    await markOnDesk(a.page, 5, "Name the Finance Commission's recent awards.");
    await closeToasts(a.page);
    await settle(a.page);
    expect(await seriousViolations(a.page)).toEqual([]);
    await screenshot(a.page, "mains-mentor-desk", "desktop");
    await a.page.setViewportSize(WIDTHS.phone.viewport);
    await screenshot(a.page, "mains-mentor-desk", "phone");
    await a.page.setViewportSize(WIDTHS.desktop.viewport);
    await submitOnDesk(a.page);
    // The desk moves on to the booklet's next answer, on its own page.
    await expect(a.page.getByText(q2Text)).toBeVisible();
    await expect(a.page.getByText("This answer is on page 2 of the booklet.")).toBeVisible();
    await markOnDesk(a.page, 6, "Cite the Kihoto Hollohan judgment.");
    await submitOnDesk(a.page);
    await expect(a.page).toHaveURL(/\/mentor\/mains$/);
  });

  await test.step("4b. mentor B marks the blind second round", async () => {
    // Mentor B: the blind second marking of all four answers, each a mark lower or the same.
    const b = await loginAs("student", { account: mentorB.account, context: WIDTHS.desktop });
    await b.page.goto("/mentor/mains");
    await b.page
      .getByRole("listitem")
      .filter({ hasText: title })
      .getByRole("button", { name: "Claim second markings" })
      .click();
    await expect(b.page).toHaveURL(/\/mentor\/mains\/marks\/[0-9a-f-]{36}$/);
    await expect(
      b.page.getByText("Marked blind: you see neither the other marks nor who gave them."),
    ).toBeVisible();
    // The oldest answer of question 1 first: the topper's, typed; marked 7 on the desk.
    await expect(b.page.getByText(TOPPER_ANSWERS[0] ?? "")).toBeVisible();
    await markOnDesk(b.page, 7, "");
    await submitOnDesk(b.page);
    // Then the student's, on its page of the booklet; it and question 2's answers are marked
    // through the API: the student 4 and 5, the topper 7.
    await expect(b.page.getByText("This answer is on page 1 of the booklet.")).toBeVisible();
    // A claim without a question takes one question's answers: question 2's are claimed now
    // (nothing waiting, 404, when the first claim took the whole round).
    const rest = await mentorB.api.post(`/api/mentor/mains/tests/${testId}/claim`, {
      data: { round: "second" },
    });
    expect([200, 404]).toContain(rest.status());
    const held = await heldMarks(mentorB.api);
    expect(held).toHaveLength(3);
    const secondMarks = new Map([
      [1, { typed: 7, pages: 4 }],
      [2, { typed: 7, pages: 5 }],
    ]);
    for (const markId of held) {
      await markWithApi(mentorB.api, markId, (mark) => {
        const marks = secondMarks.get(mark.question.position);
        if (!marks) throw new Error(`no second marks for question ${mark.question.position}`);
        return mark.answer.typedText ? marks.typed : marks.pages;
      });
    }
  });

  await test.step("5. the admin reads the agreement, publishes", async () => {
    // The admin reads the examiners' agreement: four pairs, bands 8–7, 7–7, 5–4 and 6–5 (the
    // questions are out of 10), quadratic weighted kappa 0.786; the first marks 0.75 higher.
    await adminPage.goto(`/admin/mains-tests/${testId}/calibration`);
    const figure = (label: string) =>
      adminPage
        .getByRole("region", { name: "Agreement between examiners" })
        .locator("dt", { hasText: label })
        .locator("xpath=following-sibling::dd[1]");
    await expect(figure("Kappa (weighted)")).toHaveText("0.79");
    await expect(adminPage.getByText("Substantial agreement").first()).toBeVisible();
    await expect(figure("Double-marked answers")).toHaveText("4");
    await expect(figure("Mean difference (marks)")).toHaveText("+0.75");
    await expect(figure("Mean difference (bands)")).toHaveText("+0.75");
    // Per mentor: pairs, kappa, then each one's marks against the other's, in marks and bands.
    const mentors = adminPage.getByRole("table", { name: "Agreement and moderation by mentor" });
    await expect(mentors.getByRole("row").filter({ hasText: "Meera Iyer" })).toContainText(
      /^Meera Iyer\s*4\s*0\.79\s*Substantial agreement\s*\+0\.75( marks)?\s*\+0\.75/,
    );
    await expect(mentors.getByRole("row").filter({ hasText: "Farhan Ali" })).toContainText(
      /^Farhan Ali\s*4\s*0\.79\s*Substantial agreement\s*\u22120\.75( marks)?\s*\u22120\.75/,
    );
    await settle(adminPage);
    expect(await seriousViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, "mains-calibration", "desktop");
    await adminPage.setViewportSize(WIDTHS.phone.viewport);
    await screenshot(adminPage, "mains-calibration", "phone");
    await adminPage.setViewportSize(WIDTHS.desktop.viewport);

    // Publication: both booklets are evaluated.
    await adminPage.goto(`/admin/mains-tests/${testId}/results`);
    await adminPage.getByRole("button", { name: "Publish results" }).click();
    await adminPage
      .getByRole("alertdialog")
      .getByRole("button", { name: "Publish", exact: true })
      .click();
    await expect(adminPage.getByText(/^Published on /)).toBeVisible();
  });

  const headline = sp.getByRole("region", { name: "Your result" });
  const questionOne = sp.getByRole("listitem", { name: "Question 1" });
  const reevaluation = sp.getByRole("region", { name: "Re-evaluation" });
  await test.step("6a. the student reads the result, asks again", async () => {
    // The student's result: the means of the two markings (4.5 and 5.5), rank 2 of 2, and the
    // topper's answer with their name.
    await sp.goto(`/student/mains-tests/${testId}/result`);
    await expect(headline).toContainText("10 / 20");
    await expect(headline).toContainText("2 of 2");
    await expect(questionOne).toContainText("4.5 / 10");
    await expect(sp.getByRole("listitem", { name: "Question 2" })).toContainText("5.5 / 10");
    await questionOne.getByText("Topper's answer: 7.5 / 10").click();
    await expect(
      questionOne.getByText("Written by Rohan Mehta, shared with their consent."),
    ).toBeVisible();
    await expect(questionOne.getByText(TOPPER_ANSWERS[0] ?? "")).toBeVisible();

    // Re-evaluation of question 1, with a reason.
    await reevaluation.getByLabel("Question 1: 4.5 / 10").check();
    await reevaluation
      .getByLabel("Why should question 1 be marked again?")
      .fill("My answer covers the 15th Finance Commission's award on page 1.");
    await reevaluation.getByRole("button", { name: "Ask for re-evaluation" }).click();
    await expect(reevaluation.getByText("Question 1: being marked again")).toBeVisible();
    await expect(questionOne.getByText("Re-evaluation asked: waiting for a mentor")).toBeVisible();
  });

  await test.step("6b. mentor C re-marks; the outcome", async () => {
    // The desk gives it to neither mentor who marked that answer, only to a third.
    type Queue = { tests: { id: string; waiting: { reeval: number } }[] };
    const reevalWaiting = async (mentor: APIRequestContext) => {
      const queue = (await (await mentor.get("/api/mentor/mains/queue")).json()) as Queue;
      return queue.tests.find((t) => t.id === testId)?.waiting.reeval ?? 0;
    };
    // Signed in afresh: a request context idle since the marking may meet a connection the server
    // closed while idle (its keep-alive timeout), which Playwright reports as a socket hang-up.
    const markers = await Promise.all(
      [mentorA, mentorB].map((m) => apiAs(baseURL, m.account.email, m.account.password)),
    );
    const freshAdmin = await apiAs(baseURL, admin.email, admin.password);
    for (const marked of markers) {
      expect(await reevalWaiting(marked)).toBe(0);
      const refused = await marked.post(`/api/mentor/mains/tests/${testId}/claim`, {
        data: { round: "reeval" },
      });
      expect(refused.status()).toBe(404);
    }
    const visitor = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    const mentorC = await newMentor(visitor, baseURL, freshAdmin, "Lakshmi Rao");
    expect(await reevalWaiting(mentorC.api)).toBe(1);
    const reevalClaim = (await postOk(mentorC.api, `/api/mentor/mains/tests/${testId}/claim`, {
      round: "reeval",
    })) as { markIds: string[] };
    expect(reevalClaim.markIds).toHaveLength(1);
    await markWithApi(mentorC.api, reevalClaim.markIds[0] ?? "", () => 9.5);

    // The outcome: raised, the total 15, rank 1 of 2 (the topper has 14.5).
    await sp.reload();
    await expect(questionOne.getByText("Re-evaluated: marks raised")).toBeVisible();
    await expect(questionOne).toContainText("9.5 / 10");
    await expect(questionOne.getByText("Before re-evaluation: 4.5 / 10")).toBeVisible();
    await expect(reevaluation.getByText("Question 1: 4.5 / 10 → 9.5 / 10")).toBeVisible();
    await expect(headline).toContainText("15 / 20");
    await expect(headline).toContainText("1 of 2");
    // The topper's answer stays the topper's (the student shares none): the page with it open.
    await questionOne.getByText("Topper's answer: 7.5 / 10").click();
    await expect(questionOne.getByText(TOPPER_ANSWERS[0] ?? "")).toBeVisible();
    await settle(sp);
    expect(await seriousViolations(sp)).toEqual([]);
    await screenshot(sp, "mains-result", "phone");
    await sp.setViewportSize(WIDTHS.desktop.viewport);
    await screenshot(sp, "mains-result", "desktop");

    await mentorC.api.dispose();
    await visitor.dispose();
    await freshAdmin.dispose();
    for (const marker of markers) await marker.dispose();
  });

  await adminApi.dispose();
  for (const m of [mentorA, mentorB]) await m.api.dispose();
});
