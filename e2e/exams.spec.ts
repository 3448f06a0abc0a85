import { readFileSync } from "node:fs";
import { CSV_REQUIRED_HEADERS } from "../src/shared/question-csv.ts";
import { seriousViolations } from "./a11y-helpers.ts";
import { expect, test } from "./fixtures.ts";

const CSV_HEADER = CSV_REQUIRED_HEADERS.join(",");
const FIRST_BATCH = [
  CSV_HEADER,
  '"Which Article abolishes untouchability?",Article 14,Article 17,Article 19,Article 21,B,"Article 17, in Part III."',
].join("\n");
// Row 2 is already in the exam (other case and spacing), row 5 repeats row 3, row 6 is broken.
const CSV = [
  CSV_HEADER,
  '"which article  abolishes UNTOUCHABILITY?",Article 14,Article 17,Article 19,Article 21,B,',
  "Who wrote the Discovery of India?,Gandhi,Nehru,Tagore,Azad,b,Jawaharlal Nehru wrote it in Ahmednagar Fort.",
  "The Ramsar Convention protects:,Wetlands,Deserts,Forests,Oceans,A,",
  "Who wrote the  Discovery of India?,Gandhi,Nehru,Tagore,Azad,B,",
  "A broken row,,,,,A,",
].join("\n");

test("admin builds an exam by CSV; a student takes it through a reload and an outage; both see the result", async ({
  loginAs,
}) => {
  const suffix = Date.now().toString(36);
  const categoryName = `Polity ${suffix}`;
  const examTitle = `Constitution Drill ${suffix}`;
  const { page: adminPage } = await loginAs("admin");

  // Category
  await adminPage.goto("/admin/categories");
  await adminPage.getByRole("button", { name: "Add Category" }).click();
  await adminPage.getByLabel("Name", { exact: true }).fill(categoryName);
  await adminPage
    .getByLabel("Description (optional)", { exact: true })
    .fill("Articles and amendments");
  await adminPage.getByRole("button", { name: "Save Category" }).click();
  await expect(adminPage.getByText("Category created successfully.")).toBeVisible();
  await expect(adminPage.getByRole("cell", { name: categoryName, exact: true })).toBeVisible();

  // Exam (time limit in minutes)
  await adminPage.goto("/admin/exams");
  await adminPage.getByRole("button", { name: "Create New Exam" }).click();
  await adminPage.getByLabel("Title", { exact: true }).fill(examTitle);
  await adminPage.getByLabel("Category", { exact: true }).selectOption({ label: categoryName });
  await adminPage.getByLabel("Time limit (minutes)").fill("10");
  await adminPage.getByLabel("Passing marks (%)").fill("50");
  await adminPage.getByRole("button", { name: "Create Exam" }).click();
  await expect(adminPage.getByText("Exam created or updated successfully")).toBeVisible();
  await expect(adminPage.getByRole("cell", { name: examTitle }).first()).toBeVisible();

  // Questions by CSV: the template is the header row only (nothing in it can reach an exam).
  await adminPage.goto("/admin/questions");
  await adminPage.getByRole("button", { name: "Bulk Upload" }).click();
  const [template] = await Promise.all([
    adminPage.waitForEvent("download"),
    adminPage.getByRole("link", { name: "Download template" }).click(),
  ]);
  expect(template.suggestedFilename()).toBe("questions-template.csv");
  const templateText = readFileSync(await template.path(), "utf8").replace(/^\uFEFF/, "");
  expect(templateText.trim().split(/\r?\n/)).toEqual([
    // Spelled out: this checks the template's header, so it is not built from the same list.
    "question_text,option_a,option_b,option_c,option_d,correct_answer,explanation," +
      "question_text_hi,option_a_hi,option_b_hi,option_c_hi,option_d_hi,explanation_hi," +
      "subject,topic,difficulty,year",
  ]);
  const upload = adminPage.getByRole("dialog", { name: "Bulk Upload Questions" });
  await upload.getByLabel("Exam or quiz", { exact: true }).selectOption({ label: examTitle });
  await upload
    .getByLabel("CSV file")
    .setInputFiles({ name: "first.csv", mimeType: "text/csv", buffer: Buffer.from(FIRST_BATCH) });
  await upload.getByRole("button", { name: "Upload 1 Questions" }).click();
  await expect(adminPage.getByText("1 questions uploaded successfully.")).toBeVisible();

  // A second batch overlaps: preview with its problems and duplicates flagged, then the upload.
  await adminPage.getByRole("button", { name: "Bulk Upload" }).click();
  await upload.getByLabel("Exam or quiz", { exact: true }).selectOption({ label: examTitle });
  await upload
    .getByLabel("CSV file")
    .setInputFiles({ name: "questions.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await expect(
    upload.getByText("questions.csv: 4 valid questions, 1 row(s) will be skipped."),
  ).toBeVisible();
  await expect(upload.getByText("Row 6: Missing required fields").first()).toBeVisible();
  await expect(upload.getByText("Already in this exam", { exact: true })).toBeVisible();
  await expect(upload.getByText("Duplicate of row 3", { exact: true })).toBeVisible();
  await expect(upload.getByText("2 duplicates will be skipped")).toBeVisible();
  await expect(upload.getByRole("checkbox", { name: "Skip duplicates" })).toBeChecked();
  expect(await seriousViolations(adminPage, '[role="dialog"]')).toEqual([]);
  await upload.getByRole("button", { name: "Upload 2 Questions" }).click();
  await expect(
    adminPage.getByText("2 questions uploaded successfully. 2 duplicates skipped."),
  ).toBeVisible();
  await adminPage.getByLabel("Filter by exam or quiz").selectOption({ label: examTitle });
  // Other journeys' exams hold the same question: until the filtered list arrives it may be
  // listed several times (a strict locator fails at once on that; a count waits for it).
  await expect(adminPage.getByText("Which Article abolishes untouchability?")).toHaveCount(1);
  await expect(adminPage.getByText("Which Article abolishes untouchability?")).toBeVisible();
  const examFilter = await adminPage.getByLabel("Filter by exam or quiz").inputValue();
  const listed = await adminPage.request.get(
    `/api/admin/questions?examId=${examFilter.replace(/^exam:/, "")}`,
  );
  expect((await listed.json()).total).toBe(3);

  // The student
  const {
    page,
    context: studentContext,
    user: student,
  } = await loginAs("student", { fullName: "Ravi Kumar" });
  await page.goto("/student/exams");
  await page.getByLabel("Search exams").fill(suffix);
  const card = page.getByRole("listitem").filter({ hasText: examTitle });
  await card.getByRole("link", { name: "Start Exam" }).click();

  // The start screen shows the rules; neither the visit nor a reload starts the clock.
  await expect(page.getByRole("heading", { name: examTitle, level: 1 })).toBeVisible();
  const rules = page.getByRole("region", { name: "Exam rules" });
  await expect(rules.getByText("10 minutes")).toBeVisible();
  await expect(rules.getByText("50%")).toBeVisible();
  await expect(rules.getByText(categoryName)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Start Exam" })).toBeVisible();
  const examId = new URL(page.url()).pathname.split("/").pop() ?? "";
  const before = await page.request.get(`/api/exams/${examId}/overview`);
  expect((await before.json()).openAttempt).toBeNull();
  await page.goto("/results");
  await expect(page.getByText("No Results Yet")).toBeVisible();
  await page.goBack();
  await page.getByRole("button", { name: "Start Exam" }).click();
  await expect(page.getByText("Question 1 of 3")).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^(10:00|9:5\d)$/);
  await page.getByLabel(/^B\. Article 17/).check();
  await expect(page.getByText("All answers saved")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/^C\. Tagore/).check();
  await expect(page.getByText("All answers saved")).toBeVisible();

  // Reload in the middle: same attempt, answers intact.
  await page.reload();
  await expect(page.getByText(/^In progress · (10|9) min left$/)).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByText("Question 1 of 3")).toBeVisible();
  await expect(page.getByLabel(/^B\. Article 17/)).toBeChecked();
  await page.getByRole("button", { name: /Question 2, answered/ }).click();
  await expect(page.getByLabel(/^C\. Tagore/)).toBeChecked();

  // Offline for a moment: the choice waits on the device, then reaches the server. Going back
  // online fires the browser's `online` event, which sends the queue at once: the test never
  // waits for the 2/4/8/15 s backoff timers, so a slow machine does not make it slower.
  await studentContext.setOffline(true);
  await page.getByLabel(/^B\. Nehru/).check();
  await expect(page.getByText("Offline: answers kept on this device")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/^A\. Wetlands/).check();
  await expect(page.getByText("Offline: answers kept on this device")).toBeVisible();
  await studentContext.setOffline(false);
  await expect(page.getByText("All answers saved")).toBeVisible();

  // Submit from the last question, through the confirmation.
  await page.getByRole("button", { name: "Submit Exam" }).click();
  await expect(page.getByText("You have answered every question.")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Exam" }).click();
  await expect(page.getByText("Your score: 100.00%")).toBeVisible();
  await expect(page.getByText("100.00%", { exact: true })).toBeVisible();
  await expect(page.getByText("3 correct, 0 wrong, 0 unanswered", { exact: false })).toBeVisible();

  await page.getByRole("link", { name: "View Detailed Results" }).click();
  await expect(page.getByRole("heading", { name: examTitle })).toBeVisible();
  await expect(page.getByText("Cut-off", { exact: true })).toBeVisible();
  await expect(page.getByText("Above the cut-off", { exact: true })).toBeVisible();
  await expect(page.getByText("Explanation: Article 17, in Part III.")).toBeVisible();

  await page.goto("/results");
  const resultCard = page.getByRole("listitem").filter({ hasText: examTitle });
  await expect(resultCard.getByText("100%")).toBeVisible();
  // Students read the cut-off; Passed/Failed stays on the admin's screens (below).
  await expect(resultCard.getByText("Above the cut-off", { exact: true })).toBeVisible();
  await expect(resultCard.getByRole("link", { name: "Review Exam" })).toBeVisible();

  // The admin sees the attempt.
  await adminPage.goto("/admin/results");
  await adminPage.getByLabel("Search results").fill(student.email);
  const row = adminPage.getByRole("row").filter({ hasText: student.email });
  await expect(row.getByText("Passed")).toBeVisible();
  await expect(row.getByText("100.00%")).toBeVisible();
  await row.getByRole("button", { name: "View Details" }).click();
  await expect(adminPage.getByRole("dialog").getByText("Ravi Kumar")).toBeVisible();
  await adminPage
    .getByRole("dialog")
    .getByRole("button", { name: "Show Explanation" })
    .first()
    .click();
  await expect(adminPage.getByRole("dialog").getByText("Article 17, in Part III.")).toBeVisible();
});

test("deleting a category that has exams is refused", async ({ loginAs }) => {
  const { page } = await loginAs("admin");
  await page.goto("/admin/categories");
  const row = page.getByRole("row").filter({ hasText: "CSAT" }).first();
  await row.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Cannot Delete Category")).toBeVisible();
  await expect(
    page.getByText(
      /This category is linked to \d+ exam\(s\)\. Please reassign or delete them first\./,
    ),
  ).toBeVisible();
});
