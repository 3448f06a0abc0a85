import type { Page } from "@playwright/test";
import { CSV_REQUIRED_HEADERS } from "../src/shared/question-csv.ts";
import { expect, runAdmin, test } from "./fixtures.ts";
import { createStudent, logIn } from "./helpers.ts";
import {
  apiAs,
  bilingualCsv,
  type CsvQuestion,
  createQuizWithApi,
  takeQuizWithApi,
} from "./quiz-api.ts";

const QUESTIONS: CsvQuestion[] = [
  {
    en: {
      text: "Which body decides the repo rate?",
      options: ["RBI's Monetary Policy Committee", "SEBI", "NITI Aayog", "Finance Commission"],
      explanation: "The six-member MPC of the RBI sets the policy repo rate.",
    },
    hi: {
      text: "रेपो दर कौन-सी संस्था तय करती है?",
      options: ["आरबीआई की मौद्रिक नीति समिति", "सेबी", "नीति आयोग", "वित्त आयोग"],
      explanation: "आरबीआई की छह सदस्यीय मौद्रिक नीति समिति नीतिगत रेपो दर तय करती है।",
    },
    correct: "A",
  },
  {
    en: {
      text: "Article 280 of the Constitution provides for the:",
      options: ["Election Commission", "Finance Commission", "UPSC", "CAG"],
      explanation: "The Finance Commission is constituted every five years under Article 280.",
    },
    hi: {
      text: "संविधान का अनुच्छेद 280 किसका प्रावधान करता है?",
      options: ["निर्वाचन आयोग", "वित्त आयोग", "संघ लोक सेवा आयोग", "नियंत्रक एवं महालेखा परीक्षक"],
      explanation: "अनुच्छेद 280 के अंतर्गत हर पाँच वर्ष में वित्त आयोग का गठन होता है।",
    },
    correct: "B",
  },
  {
    en: {
      text: "The Kunming-Montreal framework is about:",
      options: ["Ozone layer", "Biodiversity", "Plastic waste", "Desertification"],
      explanation: "It is the global biodiversity framework agreed at CBD COP15.",
    },
    hi: {
      text: "कुनमिंग-मॉन्ट्रियल फ्रेमवर्क किससे संबंधित है?",
      options: ["ओज़ोन परत", "जैव विविधता", "प्लास्टिक कचरा", "मरुस्थलीकरण"],
      explanation: "यह सीबीडी कॉप15 में तय वैश्विक जैव विविधता फ्रेमवर्क है।",
    },
    correct: "B",
  },
];

const option = (page: Page, key: string, text: string) =>
  page.getByLabel(`${key}. ${text}`, { exact: true });

test("admin builds a bilingual quiz by CSV; a student saves it, takes it in both languages through a reload and sees their rank; view mode is read-only", async ({
  loginAs,
  request,
  baseURL,
}) => {
  // Two roles, three users and about a hundred steps: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  const suffix = Date.now().toString(36);
  const title = `Economy and Polity Check ${suffix}`;
  const { page: adminPage } = await loginAs("admin");

  // The quiz: 3 questions for 30 marks.
  await adminPage.goto("/admin/quizzes");
  await adminPage.getByRole("button", { name: "Create New Quiz" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Create New Quiz" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Total marks (empty: out of 100)").fill("30");
  await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("10");
  await dialog.getByRole("button", { name: "Create Quiz" }).click();
  await expect(adminPage.getByText("Quiz created successfully.")).toBeVisible();
  const row = adminPage.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("10 min · 30 marks");

  // Its questions by CSV with the Hindi columns, from the quiz row's question count.
  await row.getByRole("link", { name: `questions of ${title}` }).click();
  await adminPage.getByRole("button", { name: "Bulk Upload" }).click();
  const upload = adminPage.getByRole("dialog", { name: "Bulk Upload Questions" });
  await upload.getByLabel("Exam or quiz").selectOption({ label: title });
  await upload.getByLabel("CSV file").setInputFiles({
    name: "economy-polity.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(bilingualCsv(QUESTIONS)),
  });
  await expect(upload.getByText("economy-polity.csv: 3 valid questions.")).toBeVisible();
  await upload.getByRole("button", { name: "Upload 3 Questions" }).click();
  await expect(adminPage.getByText("3 questions uploaded successfully.")).toBeVisible();
  await expect(adminPage.getByText(QUESTIONS[1]?.en.text ?? "")).toBeVisible();
  await adminPage.goto("/admin/quizzes");
  await adminPage.getByLabel("Search quizzes").fill(suffix);
  await expect(row).toContainText("English, हिन्दी");
  const quizId = new URL(
    (await row.getByRole("link", { name: `questions of ${title}` }).getAttribute("href")) ?? "",
    base,
  ).searchParams.get("quizId");
  expect(quizId).toBeTruthy();

  // Another student finishes first with every answer right: the rank has someone to beat.
  const rival = await createStudent(request, base, "Anita Rao");
  const rivalApi = await apiAs(base, rival.email, rival.password);
  await takeQuizWithApi(rivalApi, quizId ?? "", QUESTIONS, 3);

  // The student finds it, saves it, finds it under Saved, unsaves it.
  const { page } = await loginAs("student", { fullName: "Vikram Singh" });
  await page.goto("/current-affairs/quizzes");
  const card = page.getByRole("article", { name: title });
  await expect(card).toContainText("English, हिन्दी");
  await expect(card).toContainText("3 questions");
  await expect(card).toContainText("1 attempt · 1 this week");
  await card.getByRole("button", { name: `Save ${title}` }).click();
  await expect(page.getByText("Quiz Saved!")).toBeVisible();
  await expect(card.getByRole("button", { name: `Unsave ${title}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("tab", { name: "Saved" }).click();
  await expect(page).toHaveURL(/filter=saved/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await card.getByRole("button", { name: `Unsave ${title}` }).click();
  await expect(page.getByText("Quiz Unsaved")).toBeVisible();
  await expect(page.getByText("No Quizzes Available")).toBeVisible();
  await page.getByRole("tab", { name: "All" }).click();
  await expect(card.getByRole("button", { name: `Save ${title}` })).toHaveAttribute(
    "aria-pressed",
    "false",
  );

  // The attempt: answer in English, switch to Hindi mid-way, answer in Hindi.
  const [q1, q2, q3] = QUESTIONS as [CsvQuestion, CsvQuestion, CsvQuestion];
  await card.getByRole("link", { name: "Start Now" }).click();
  // The start screen: the rules, and no attempt until Start Quiz, even after a reload.
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const rules = page.getByRole("region", { name: "Quiz rules" });
  await expect(rules.getByText("10 minutes")).toBeVisible();
  await expect(rules.getByText("30 in total (10 per correct answer)")).toBeVisible();
  await expect(rules.getByText("English, Hindi")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Start Quiz" })).toBeVisible();
  await expect(page).toHaveURL(`/quiz/${quizId}/attempt`);
  const before = await page.request.get(`/api/quizzes/${quizId}/overview`);
  expect((await before.json()).openAttempt).toBeNull();
  await page.getByRole("button", { name: "Start Quiz" }).click();
  await expect(page.getByText("Question 1 of 3 (Attempt #1)")).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^(10:00|9:5\d)$/);
  await option(page, "A", q1.en.options[0]).check();
  await expect(page.getByText("All answers saved")).toBeVisible();
  await page.getByRole("button", { name: "हिन्दी", exact: true }).click();
  await expect(page.getByRole("button", { name: "हिन्दी", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText(q1.hi.text)).toBeVisible();
  await expect(page.getByText(q1.en.text)).toHaveCount(0);
  await expect(option(page, "A", q1.hi.options[0])).toBeChecked();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(q2.hi.text)).toBeVisible();
  await option(page, "B", q2.hi.options[1]).check();
  await expect(page.getByText("All answers saved")).toBeVisible();

  // Reload: the same attempt (Resume), the answers and the chosen language are kept.
  await page.reload();
  await expect(page.getByText(/^Attempt #1: In progress · (10|9) min left$/)).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByText("Question 1 of 3 (Attempt #1)")).toBeVisible();
  await expect(option(page, "A", q1.hi.options[0])).toBeChecked();
  await page.getByRole("button", { name: "Question 2, answered" }).click();
  await expect(option(page, "B", q2.hi.options[1])).toBeChecked();
  await page.getByRole("button", { name: "English", exact: true }).click();
  await expect(option(page, "B", q2.en.options[1])).toBeChecked();
  await page.getByRole("button", { name: "Next" }).click();
  await option(page, "A", q3.en.options[0]).check();
  await expect(page.getByText("All answers saved")).toBeVisible();

  // Submit: 2 of 3 right for 30 marks; the rival's 30 ranks first.
  await page.getByRole("button", { name: "Submit Quiz" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Quiz" }).click();
  await expect(page.getByText("Quiz Submitted!")).toBeVisible();
  await expect(page.getByText("Your score: 20/30")).toBeVisible();
  await expect(page.getByText("Rank 2 of 2").first()).toBeVisible();
  await expect(page.getByText("2 correct, 1 wrong, 0 unanswered", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/attemptId=[0-9a-f-]+&viewResults=true/);
  const resultUrl = page.url();

  // View mode is read-only, also after a reload, in both languages.
  await page.reload();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Rank 2 of 2").first()).toBeVisible();
  const review = page.getByRole("region", { name: "Review" });
  await expect(review.getByText(`Explanation: ${q2.en.explanation}`)).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expect(page.getByRole("timer")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Submit Quiz|Next|Previous/ })).toHaveCount(0);
  await page.getByRole("button", { name: "हिन्दी", exact: true }).click();
  await expect(review.getByText(`Explanation: ${q2.hi.explanation}`)).toBeVisible();
  await expect(review.getByText(q3.hi.text, { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "English", exact: true }).click();

  // The card now shows the rank, the score and the way back in.
  await page.getByRole("link", { name: "Back to Quizzes" }).click();
  await expect(card).toContainText("Rank 2 of 2");
  await expect(card).toContainText("Score 20/30");
  await expect(card).toContainText("Ready to Reattempt");
  await expect(card).toContainText("2 attempts · 2 this week");
  await expect(card.getByRole("link", { name: "Reattempt" })).toBeVisible();
  await card.getByRole("link", { name: "View Result" }).click();
  await expect(page).toHaveURL(resultUrl);
  await expect(page.getByText("Rank 2 of 2").first()).toBeVisible();

  // Not attempted no longer lists it; someone else's attempt cannot be opened.
  await page.goto("/current-affairs/quizzes?filter=not-attempted");
  await expect(page.getByRole("tab", { name: "Not attempted" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(card).toHaveCount(0);
  const { page: rivalPage } = await loginAs("student", { account: rival });
  await rivalPage.goto(resultUrl);
  await expect(rivalPage.getByText("Past attempt not found.")).toBeVisible();
});

test("a visitor who picks a quiz is asked to log in and comes back to it", async ({
  page,
  request,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const admin = runAdmin();
  const title = `Visitor Quiz ${Date.now().toString(36)}`;
  await createQuizWithApi(await apiAs(base, admin.email, admin.password), {
    title,
    totalMarks: 30,
    durationMinutes: 10,
    questions: QUESTIONS,
  });
  const student = await createStudent(request, base);

  await page.goto("/");
  const quizzes = page.getByRole("region", { name: "Daily Current Affairs Quiz" });
  await quizzes.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page.getByText("Login Required")).toBeVisible();
  await expect(page.getByText("Please log in to attempt quizzes.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/quiz\/[0-9a-f-]+\/attempt$/);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.getByRole("button", { name: "Start Quiz" }).click();
  await expect(page.getByText("Question 1 of 3 (Attempt #1)")).toBeVisible();
});

test("the last minute is highlighted and the quiz submits itself when the time is up", async ({
  loginAs,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const admin = runAdmin();
  const title = `Timed Quiz ${Date.now().toString(36)}`;
  const quizId = await createQuizWithApi(await apiAs(base, admin.email, admin.password), {
    title,
    totalMarks: 30,
    durationMinutes: 2,
    questions: QUESTIONS,
  });
  const { page } = await loginAs("student");
  await page.clock.install();

  await page.goto(`/quiz/${quizId}/attempt`);
  await page.getByRole("button", { name: "Start Quiz" }).click();
  await expect(page.getByText("Question 1 of 3 (Attempt #1)")).toBeVisible();
  const timer = page.getByRole("timer");
  await expect(timer).toHaveAttribute("data-warning", "false");
  await option(page, "A", QUESTIONS[0]?.en.options[0] ?? "").check();
  await expect(page.getByText("All answers saved")).toBeVisible();

  await page.clock.fastForward("01:05");
  await expect(timer).toHaveAttribute("data-warning", "true");
  await expect(timer).toHaveText(/^0:[0-5]\d$/);

  await page.clock.fastForward("01:00");
  await expect(page.getByText("Time's Up!")).toBeVisible();
  await expect(page.getByText("Submitting your quiz automatically.")).toBeVisible();
  await expect(page.getByText("Quiz Submitted!")).toBeVisible();
  await expect(page.getByText("Your score: 10/30")).toBeVisible();
  await expect(page.getByText("1 correct, 0 wrong, 2 unanswered", { exact: false })).toBeVisible();
});

test("an admin uploads a 300 KB quiz PDF and previews a 2,000-row CSV, both past the default 64 KB body limit", async ({
  loginAs,
}) => {
  const suffix = Date.now().toString(36);
  const title = `Large Files Check ${suffix}`;
  const { page: adminPage } = await loginAs("admin");

  // A real-looking PDF of 300 KB, made here: a header, a comment padding it out, the trailer.
  const pdf = Buffer.concat([
    Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\n%"),
    Buffer.alloc(300 * 1024, 0x61),
    Buffer.from("\ntrailer<<>>\n%%EOF\n"),
  ]);
  await adminPage.goto("/admin/quizzes");
  await adminPage.getByRole("button", { name: "Create New Quiz" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Create New Quiz" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("PDF (optional, 10 MB max)").setInputFiles({
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: pdf,
  });
  // It holds explanations: left unticked, students get it after finishing.
  await expect(dialog.getByLabel("This PDF holds no answers")).not.toBeChecked();
  await dialog.getByRole("button", { name: "Create Quiz" }).click();
  await expect(adminPage.getByText("Quiz created successfully.")).toBeVisible();
  const row = adminPage.getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();

  // 2,000 questions in one CSV (about 150 KB), previewed and checked against the quiz by the server.
  const lines = Array.from(
    { length: 2000 },
    (_, i) => `"Question ${i + 1} of ${suffix}?",One,Two,Three,Four,A,"Because ${i + 1}."`,
  );
  const csv = [CSV_REQUIRED_HEADERS.join(","), ...lines].join("\n");
  expect(csv.length).toBeGreaterThan(64 * 1024);
  await row.getByRole("link", { name: `questions of ${title}` }).click();
  await adminPage.getByRole("button", { name: "Bulk Upload" }).click();
  const upload = adminPage.getByRole("dialog", { name: "Bulk Upload Questions" });
  await upload.getByLabel("Exam or quiz").selectOption({ label: title });
  await upload.getByLabel("CSV file").setInputFiles({
    name: "two-thousand.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(upload.getByText("two-thousand.csv: 2000 valid questions.")).toBeVisible();
  await expect(upload.getByText("Checking for questions already in this quiz...")).toHaveCount(0);
  // The server answered the preview: no "Could not check" alert (a 413 said so before).
  await expect(upload.getByText(/Could not check for duplicates/)).toHaveCount(0);
  await expect(upload.getByRole("button", { name: "Upload 2000 Questions" })).toBeEnabled();
});
