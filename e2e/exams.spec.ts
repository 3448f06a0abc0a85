import { expect, type Page, test } from "@playwright/test";
import { createAdminWithCli, createStudent, logIn } from "./helpers.ts";

const CSV = [
  "question_text,option_a,option_b,option_c,option_d,correct_answer,explanation",
  '"Which Article abolishes untouchability?",Article 14,Article 17,Article 19,Article 21,B,"Article 17, in Part III."',
  "Who wrote the Discovery of India?,Gandhi,Nehru,Tagore,Azad,b,Jawaharlal Nehru wrote it in Ahmednagar Fort.",
  "The Ramsar Convention protects:,Wetlands,Deserts,Forests,Oceans,A,",
  "A broken row,,,,,A,",
].join("\n");

async function loginAs(page: Page, email: string, password: string) {
  await page.goto("/login");
  await logIn(page, email, password);
  await page.waitForURL(/dashboard$/);
}

test("admin builds an exam by CSV; a student takes it through a reload and an outage; both see the result", async ({
  browser,
  request,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const categoryName = `Polity ${suffix}`;
  const examTitle = `Constitution Drill ${suffix}`;
  const admin = createAdminWithCli("Exam Admin");
  const adminPage = await (await browser.newContext()).newPage();
  await loginAs(adminPage, admin.email, admin.password);

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

  // Questions by CSV: preview first, then the upload
  await adminPage.goto("/admin/questions");
  await adminPage.getByRole("button", { name: "Bulk Upload" }).click();
  await adminPage.getByLabel("Exam or quiz", { exact: true }).selectOption({ label: examTitle });
  await adminPage
    .getByLabel("CSV file")
    .setInputFiles({ name: "questions.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await expect(
    adminPage.getByText("questions.csv: 3 valid questions, 1 row(s) will be skipped."),
  ).toBeVisible();
  await expect(adminPage.getByText("Row 5: Missing required fields").first()).toBeVisible();
  await adminPage.getByRole("button", { name: "Upload 3 Questions" }).click();
  await expect(adminPage.getByText("3 questions uploaded successfully.")).toBeVisible();
  await adminPage.getByLabel("Filter by exam").selectOption({ label: examTitle });
  await expect(adminPage.getByText("Which Article abolishes untouchability?")).toBeVisible();

  // The student
  const student = await createStudent(request, baseURL ?? "", "Ravi Kumar");
  const studentContext = await browser.newContext();
  const page = await studentContext.newPage();
  await loginAs(page, student.email, student.password);
  await page.goto("/student/exams");
  await page.getByLabel("Search exams").fill(suffix);
  const card = page.getByRole("listitem").filter({ hasText: examTitle });
  await card.getByRole("link", { name: "Start Exam" }).click();
  await expect(page.getByText("Question 1 of 3")).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^(10:00|9:5\d)$/);
  await page.getByLabel(/^B\. Article 17/).check();
  await expect(page.getByText("All answers saved")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/^C\. Tagore/).check();
  await expect(page.getByText("All answers saved")).toBeVisible();

  // Reload in the middle: same attempt, answers intact.
  await page.reload();
  await expect(page.getByText("Question 1 of 3")).toBeVisible();
  await expect(page.getByLabel(/^B\. Article 17/)).toBeChecked();
  await page.getByRole("button", { name: /Question 2, answered/ }).click();
  await expect(page.getByLabel(/^C\. Tagore/)).toBeChecked();

  // Offline for a moment: the choice waits on the device, then reaches the server.
  await page.route("**/api/attempts/*/answers", (route) => route.abort("internetdisconnected"));
  await page.getByLabel(/^B\. Nehru/).check();
  await expect(page.getByText("Offline: answers kept on this device")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/^A\. Wetlands/).check();
  await page.unroute("**/api/attempts/*/answers");
  await expect(page.getByText("All answers saved")).toBeVisible({ timeout: 20_000 });

  // Submit from the last question, through the confirmation.
  await page.getByRole("button", { name: "Submit Exam" }).click();
  await expect(page.getByText("You have answered every question.")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Exam" }).click();
  await expect(page.getByText("Your score: 100%")).toBeVisible();
  await expect(page.getByText("100.00%")).toBeVisible();
  await expect(page.getByText("3 correct, 0 wrong, 0 unanswered", { exact: false })).toBeVisible();

  await page.getByRole("link", { name: "View Detailed Results" }).click();
  await expect(page.getByRole("heading", { name: examTitle })).toBeVisible();
  await expect(page.getByText("Passing score")).toBeVisible();
  await expect(page.getByText("Explanation: Article 17, in Part III.")).toBeVisible();

  await page.goto("/results");
  const resultCard = page.getByRole("listitem").filter({ hasText: examTitle });
  await expect(resultCard.getByText("100%")).toBeVisible();
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

test("deleting a category that has exams is refused", async ({ page }) => {
  const admin = createAdminWithCli();
  await loginAs(page, admin.email, admin.password);
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
