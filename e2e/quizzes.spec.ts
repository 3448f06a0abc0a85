import type { Page } from "@playwright/test";
import { CSV_REQUIRED_HEADERS } from "../src/shared/question-csv.ts";
import {
  apiAs,
  bilingualCsv,
  type CsvQuestion,
  createQuizWithApi,
  takeQuizWithApi,
} from "./api-setup.ts";
import { expect, runAdmin, test } from "./fixtures.ts";
import { createStudent, logIn } from "./helpers.ts";

// The first two are in the question markup: numbered statements, and a
// List-I/List-II table, in both languages (the CSV keeps the line breaks of a quoted cell).
const QUESTIONS: CsvQuestion[] = [
  {
    en: {
      text: [
        "Consider the following statements about the repo rate:",
        "1. It is set by the RBI's Monetary Policy Committee.",
        "2. It is the rate at which banks lend to the RBI.",
        "Which of the statements given above is/are correct?",
      ].join("\n"),
      options: ["1 only", "2 only", "Both 1 and 2", "Neither 1 nor 2"],
      explanation: "The six-member MPC of the RBI sets the policy repo rate.",
    },
    hi: {
      text: [
        "रेपो दर के संबंध में निम्नलिखित कथनों पर विचार कीजिए:",
        "1. इसे आरबीआई की मौद्रिक नीति समिति तय करती है।",
        "2. यह वह दर है जिस पर बैंक आरबीआई को उधार देते हैं।",
        "उपर्युक्त कथनों में से कौन-सा/से सही है/हैं?",
      ].join("\n"),
      options: ["केवल 1", "केवल 2", "1 और 2 दोनों", "न तो 1 और न ही 2"],
      explanation: "आरबीआई की छह सदस्यीय मौद्रिक नीति समिति नीतिगत रेपो दर तय करती है।",
    },
    correct: "A",
  },
  {
    en: {
      text: [
        "Match List-I with List-II:",
        "| List-I | List-II |",
        "| A. Finance Commission | 1. Article 324 |",
        "| B. Election Commission | 2. Article 280 |",
        "Select the correct answer using the code given below:",
      ].join("\n"),
      options: ["A-1, B-1", "A-2, B-1", "A-1, B-2", "A-2, B-2"],
      explanation: "The Finance Commission is constituted every five years under Article 280.",
    },
    hi: {
      text: [
        "सूची-I को सूची-II से सुमेलित कीजिए:",
        "| सूची-I | सूची-II |",
        "| A. वित्त आयोग | 1. अनुच्छेद 324 |",
        "| B. निर्वाचन आयोग | 2. अनुच्छेद 280 |",
        "नीचे दिए गए कूट का प्रयोग कर सही उत्तर चुनिए:",
      ].join("\n"),
      options: ["A-1, B-1", "A-2, B-1", "A-1, B-2", "A-2, B-2"],
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

/** The question on screen (its legend), whose statements are a list and whose lists a table. */
const shownQuestion = (page: Page) =>
  page.locator("legend").filter({ has: page.getByTestId("question-announcer") });

/** The statements of a markup question: its lines "1. …", without the numbers. */
const statements = (text: string) =>
  text
    .split("\n")
    .filter((line) => /^\d+\. /.test(line))
    .map((line) => line.replace(/^\d+\. /, ""));

/** The cells of a markup table's rows: the header first. */
const tableRows = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );

/** The statements render as a numbered list, and nothing else of the question's text is a list item. */
async function expectStatements(page: Page, text: string) {
  const list = shownQuestion(page).getByRole("list");
  await expect(list).toHaveCount(1);
  await expect(list.getByRole("listitem")).toHaveText(statements(text));
  expect(await list.evaluate((el) => el.tagName)).toBe("OL");
}

/** List-I and List-II render as a table: a header row of column headers, then the pairs. */
async function expectTable(page: Page, text: string) {
  const [header = [], ...rows] = tableRows(text);
  const table = shownQuestion(page).getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(header);
  await expect(table.getByRole("row")).toHaveCount(rows.length + 1);
  for (const [i, row] of rows.entries()) {
    await expect(
      table
        .getByRole("row")
        .nth(i + 1)
        .getByRole("cell"),
    ).toHaveText(row);
  }
}

test("admin builds a bilingual quiz by CSV; a student saves it, takes it in both languages through a reload and sees their rank; view mode is read-only", async ({
  loginAs,
  request,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const suffix = Date.now().toString(36);
  const title = `Economy and Polity Check ${suffix}`;
  const { page: adminPage } = await loginAs("admin");

  // The quiz: 3 questions for 30 marks.
  await adminPage.goto("/admin/quizzes");
  await adminPage.getByRole("button", { name: "Create New Quiz" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Create New Quiz" });
  await dialog.getByLabel("Title", { exact: true }).fill(title);
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
  await expect(adminPage.getByText(QUESTIONS[2]?.en.text ?? "")).toBeVisible();
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
  // The statement question: its statements a numbered list, in English then in Hindi.
  await expectStatements(page, q1.en.text);
  await expect(shownQuestion(page)).toContainText(
    "Which of the statements given above is/are correct?",
  );
  await option(page, "A", q1.en.options[0]).check();
  await expect(page.getByText("All answers saved")).toBeVisible();
  await page.getByRole("button", { name: "हिन्दी", exact: true }).click();
  await expect(page.getByRole("button", { name: "हिन्दी", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expectStatements(page, q1.hi.text);
  await expect(shownQuestion(page)).toContainText("उपर्युक्त कथनों में से कौन-सा/से सही है/हैं?");
  await expect(shownQuestion(page)).not.toContainText("Consider the following statements");
  await expect(option(page, "A", q1.hi.options[0])).toBeChecked();
  // The match-the-list question: List-I and List-II a table, in Hindi (and in English below).
  await page.getByRole("button", { name: "Next" }).click();
  await expectTable(page, q2.hi.text);
  await expect(shownQuestion(page)).toContainText("सूची-I को सूची-II से सुमेलित कीजिए:");
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
  await expectTable(page, q2.en.text);
  await expect(shownQuestion(page)).toContainText("Match List-I with List-II:");
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
  await dialog.getByLabel("Title", { exact: true }).fill(title);
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
