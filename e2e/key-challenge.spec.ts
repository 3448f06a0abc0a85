import type { Page } from "@playwright/test";
import { atEachWidth, screenshot, seriousViolations, settle, WIDTHS } from "./a11y-helpers.ts";
import {
  apiAs,
  type CsvQuestion,
  createQuizWithApi,
  postOk,
  takeQuizWithApi,
} from "./api-setup.ts";
import { expect, runAdmin, test } from "./fixtures.ts";
import { createStudent } from "./helpers.ts";

// The key challenge (decision 064): a student finishes a quiz whose last question has a wrong
// key, reads and writes in that question's discussion and reports the key; an admin changes it
// from the queue; the student's score and rank change and the public log credits them. Set-up
// (the quiz, two other students' attempts and a post) goes through the API.

const QUESTIONS: CsvQuestion[] = [
  {
    en: {
      text: "Which article of the Constitution abolishes untouchability?",
      options: ["Article 14", "Article 17", "Article 21", "Article 32"],
      explanation: "Article 17 abolishes untouchability and forbids its practice in any form.",
    },
    hi: {
      text: "संविधान का कौन सा अनुच्छेद अस्पृश्यता का उन्मूलन करता है?",
      options: ["अनुच्छेद 14", "अनुच्छेद 17", "अनुच्छेद 21", "अनुच्छेद 32"],
      explanation: "अनुच्छेद 17 अस्पृश्यता का उन्मूलन करता है।",
    },
    correct: "B",
  },
  {
    en: {
      text: "The Finance Commission is constituted under which article?",
      options: ["Article 280", "Article 324", "Article 148", "Article 112"],
      explanation: "Article 280 provides for a Finance Commission every five years.",
    },
    hi: {
      text: "वित्त आयोग का गठन किस अनुच्छेद के अंतर्गत होता है?",
      options: ["अनुच्छेद 280", "अनुच्छेद 324", "अनुच्छेद 148", "अनुच्छेद 112"],
      explanation: "अनुच्छेद 280 के अंतर्गत हर पाँच वर्ष में वित्त आयोग का गठन होता है।",
    },
    correct: "A",
  },
  {
    en: {
      text: "The Tropic of Cancer does not pass through which state?",
      options: ["Gujarat", "Tripura", "Odisha", "Mizoram"],
      explanation: "The Tropic of Cancer passes north of Odisha.",
    },
    hi: {
      text: "कर्क रेखा किस राज्य से होकर नहीं गुजरती?",
      options: ["गुजरात", "त्रिपुरा", "ओडिशा", "मिज़ोरम"],
      explanation: "कर्क रेखा ओडिशा के उत्तर से गुजरती है।",
    },
    correct: "C",
  },
  // The wrong key: C is keyed, B is right.
  {
    en: {
      text: "The Kunming-Montreal framework is about:",
      options: ["Ozone layer", "Biodiversity", "Plastic waste", "Desertification"],
      explanation: "It is the global framework on plastic waste.",
    },
    hi: {
      text: "कुनमिंग-मॉन्ट्रियल फ्रेमवर्क किससे संबंधित है?",
      options: ["ओज़ोन परत", "जैव विविधता", "प्लास्टिक कचरा", "मरुस्थलीकरण"],
      explanation: "यह प्लास्टिक कचरे पर वैश्विक फ्रेमवर्क है।",
    },
    correct: "C",
  },
];
const WRONG_KEYED = QUESTIONS[3] as CsvQuestion;
const TRUE_KEY = "B";

/** The reviewed question (its item in the review, not its options' items). */
const reviewed = (page: Page, question: CsvQuestion) =>
  page
    .getByRole("region", { name: "Review" })
    .locator("li[data-verdict]")
    .filter({ hasText: question.en.text });

/** Looked at: screenshots at both widths (when the run saves them). */
const screens = (page: Page, name: string) =>
  atEachWidth(page, (width) => screenshot(page, name, width));

test("a student challenges a wrong key; an admin changes it; the score, the rank and the log follow", async ({
  loginAs,
  request,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
  const admin = runAdmin();
  const suffix = Date.now().toString(36);
  const title = `Key Challenge Quiz ${suffix}`;
  const quizId = await createQuizWithApi(await apiAs(baseURL, admin.email, admin.password), {
    title,
    totalMarks: 40,
    durationMinutes: 10,
    questions: QUESTIONS,
  });

  // Two others took it: Anita keeps to the key (40, then 30), Ravi has two right (20 either way)
  // and asks about the keyed answer in its discussion.
  const anita = await createStudent(request, baseURL, "Anita Rao");
  await takeQuizWithApi(await apiAs(baseURL, anita.email, anita.password), quizId, QUESTIONS, 4);
  const ravi = await createStudent(request, baseURL, "Ravi Kumar");
  const raviApi = await apiAs(baseURL, ravi.email, ravi.password);
  const { questionIds } = await takeQuizWithApi(raviApi, quizId, QUESTIONS, 2);
  const questionId = questionIds.get(WRONG_KEYED.en.text);
  const doubt = "Is the key right? COP15 adopted it as the global biodiversity framework.";
  await postOk(raviApi, `/api/questions/${questionId}/discussion`, { body: doubt });

  // The student, on a phone: takes the quiz, answering the true answer to the last question.
  const student = await loginAs("student", { context: WIDTHS.phone, fullName: "Neha Gupta" });
  const { page } = student;
  await page.goto(`/quiz/${quizId}/attempt`);
  await page.getByRole("button", { name: "Start Quiz" }).click();
  for (const [i, question] of QUESTIONS.entries()) {
    await expect(page.getByText(`Question ${i + 1} of 4 (Attempt #1)`)).toBeVisible();
    const answer = question === WRONG_KEYED ? TRUE_KEY : question.correct;
    const text = question.en.options["ABCD".indexOf(answer)];
    await page.getByLabel(`${answer}. ${text}`, { exact: true }).check();
    if (i < QUESTIONS.length - 1) await page.getByRole("button", { name: "Next" }).click();
  }
  await expect(page.getByText("All answers saved")).toBeVisible();
  await page.getByRole("button", { name: "Submit Quiz" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Quiz" }).click();
  await expect(page.getByText("Quiz Submitted!")).toBeVisible();
  // The result's header (the analysis below it repeats the score and the rank).
  const result = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: title, level: 1 }) });
  await expect(result.getByText("30/40", { exact: true })).toBeVisible();
  await expect(result.getByText("Rank 2 of 3", { exact: true })).toBeVisible();
  await expect(result).toContainText("3 correct, 1 wrong, 0 unanswered");
  const challenged = reviewed(page, WRONG_KEYED);
  await expect(challenged).toHaveAttribute("data-verdict", "wrong");

  // The question's discussion: Ravi's doubt, and her post.
  await challenged.getByRole("button", { name: /^Discussion/ }).click();
  await expect(challenged.getByRole("article", { name: "Ravi Kumar" })).toContainText(doubt);
  const reply = "Yes: it is about biodiversity (CBD COP15, 2022), not plastic waste.";
  await challenged.getByLabel("Your post").fill(reply);
  await challenged.getByRole("button", { name: "Post", exact: true }).click();
  await expect(challenged.getByRole("article", { name: "Neha Gupta" })).toContainText(reply);

  // She reports the key, asking to be credited.
  await challenged.getByRole("button", { name: "Report an error" }).click();
  const report = page.getByRole("dialog", { name: "Report an error" });
  await report.getByLabel("Wrong key").check();
  await report
    .getByLabel("Note (optional)")
    .fill("The framework is the CBD's biodiversity framework: B, not C.");
  await report.getByLabel("Credit me by name on the key-change log if the key changes").check();
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report).toBeHidden();
  await expect(challenged.getByText("Reported", { exact: true })).toBeVisible();
  await expect(challenged.getByText(/^You reported this question on /)).toBeVisible();
  await expect(challenged.getByRole("button", { name: "Report an error" })).toHaveCount(0);

  // The admin, at a desktop: the queue, the report, and the key changed to B with a reason.
  const { page: adminPage } = await loginAs("admin", { context: WIDTHS.desktop });
  await adminPage.goto("/admin/question-reports");
  await adminPage.getByLabel("Search reports").fill(suffix);
  const group = adminPage.getByRole("article", { name: `Q4 · ${title}` });
  await expect(group.getByText("Wrong key · 1")).toBeVisible();
  await group.getByText("Read the reports (1)").click();
  await expect(group.getByText("B, not C.", { exact: false })).toBeVisible();
  await expect(group.getByText("Asks to be credited")).toBeVisible();
  await settle(adminPage);
  expect(await seriousViolations(adminPage)).toEqual([]);
  await screens(adminPage, "key-challenge-queue");
  await adminPage.setViewportSize(WIDTHS.desktop.viewport);
  await group.getByRole("button", { name: "Change the key" }).click();
  const change = adminPage.getByRole("dialog", { name: "Change the key" });
  await expect(change.getByText("The correct option (now: C)")).toBeVisible();
  await change.getByLabel(`${TRUE_KEY}. ${WRONG_KEYED.en.options[1]}`, { exact: true }).check();
  const reason = "The Kunming-Montreal framework is the CBD's global biodiversity framework.";
  await change.getByLabel("Reason (shown on the public key-change log)").fill(reason);
  await change.getByRole("button", { name: "Change the key" }).click();
  await expect(adminPage.getByText("Reports answered: 1.", { exact: false })).toBeVisible();
  await expect(group).toHaveCount(0);

  // The student: the regrade runs after the admin's request; her result page, reloaded, shows
  // the new score and the better rank, the question right now and her report answered.
  await expect(async () => {
    await page.reload();
    await expect(result.getByText("Rank 1 of 3", { exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass();
  await expect(result.getByText("40/40", { exact: true })).toBeVisible();
  await expect(result).toContainText("4 correct, 0 wrong, 0 unanswered");
  await expect(page.getByRole("note")).toContainText("Your score has been recalculated.");
  await expect(challenged).toHaveAttribute("data-verdict", "correct");
  await expect(challenged.getByText("Key changed", { exact: true })).toBeVisible();
  await challenged.scrollIntoViewIfNeeded();
  await screenshot(page, "key-challenge-review", "phone");

  // The public log, from the review: question 4, C → B, the reason, and her name.
  await page.getByRole("link", { name: "Key-change log" }).click();
  await expect(page).toHaveURL(`/exams/${quizId}/key-changes`);
  await expect(page.getByRole("heading", { name: "Key-change log", level: 1 })).toBeVisible();
  const entry = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Question 4" }) });
  await expect(entry).toContainText("Key changed");
  await expect(entry).toContainText("Old key: C");
  await expect(entry).toContainText(`New key: ${TRUE_KEY}`);
  await expect(entry).toContainText(`Reason: ${reason}`);
  await expect(entry).toContainText("Reported by Neha Gupta. Thank you.");
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, "key-challenge-log");
});
