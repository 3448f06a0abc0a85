import { expect, SITE_WIDE, test } from "./fixtures.ts";

test("the home page lists real content and the chips filter it", SITE_WIDE, async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("UPSC IAS")).toBeVisible();
  await expect(page.getByRole("heading", { name: "All-India Mock Test Series" })).toBeVisible();
  const quizzes = page.getByRole("region", { name: "Daily Current Affairs Quiz" });
  await expect(
    quizzes.getByRole("link", { name: /Polity in the News: Parliament and the Constitution/ }),
  ).toBeVisible();
  await expect(quizzes.getByRole("listitem")).toHaveCount(6);
  const papers = page.getByRole("region", { name: "Previous Year Question Papers" });
  await expect(papers.getByRole("link", { name: /2024/ })).toHaveAttribute(
    "href",
    "/student/exams?filter=pyp&year=2024",
  );
  // Visitors are invited to start a streak; nobody's made-up numbers are shown.
  const invite = page.getByRole("region", { name: "Start your study streak" });
  await expect(invite.getByRole("link", { name: "Sign up free" })).toHaveAttribute(
    "href",
    "/register",
  );
  await expect(page.getByText("7 of 10 hours today")).toHaveCount(0);
  // Daily News is one tap from home.
  await expect(
    page.getByRole("region", { name: "Daily News Analysis" }).getByRole("listitem"),
  ).toHaveCount(3);
  // Every quick action is a real area (decision 043): live classes and notes are links, and the
  // demo's next live class is on the page.
  await expect(page.getByRole("link", { name: /Live Classes/ })).toHaveAttribute(
    "href",
    "/live-classes",
  );
  await expect(page.getByRole("link", { name: /Study Notes/ })).toHaveAttribute(
    "href",
    "/student/study-materials/notes",
  );
  await expect(page.getByText("Coming soon")).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: /^(Next live class|Live class now)$/ }),
  ).toBeVisible();

  const mocks = page.getByRole("region", { name: "IAS Mock Test Series" });
  await expect(mocks.getByRole("link", { name: /IAS Test Series 2026/ })).toBeVisible();
  await mocks.getByRole("button", { name: "Sectional (CSAT)" }).click();
  await expect(mocks.getByRole("button", { name: "Sectional (CSAT)" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(mocks.getByRole("link", { name: /CSAT Sectional Test/ })).toBeVisible();
  await expect(mocks.getByRole("link", { name: /IAS Test Series 2026/ })).toHaveCount(0);
  await mocks.getByRole("button", { name: "Chapter Wise" }).click();
  await expect(
    mocks.getByText("No mock tests available right now. Check back soon!"),
  ).toBeVisible();
});

test("a student's home page resumes a paused test and shows their own streak", async ({
  loginAs,
}) => {
  const { page } = await loginAs("student");
  await page.goto("/student/exams");
  await page
    .getByRole("listitem")
    .filter({ hasText: "CSAT Sectional Test" })
    .getByRole("link", { name: "Start Exam" })
    .click();
  // The rules first; the clock starts only with the button.
  await page.getByRole("button", { name: "Start Exam" }).click();
  await page.getByLabel(/^B\. ₹105/).check();
  await expect(page.getByText("All answers saved")).toBeVisible();

  await page.goto("/");
  const resume = page.getByRole("region", { name: "Resume Your Practice" });
  await expect(resume.getByText("1 of 6 answered", { exact: false })).toBeVisible();
  await expect(resume.getByText(/^In progress · \d+ min left$/)).toBeVisible();
  await expect(page.getByText("Paused")).toHaveCount(0);
  await expect(page.getByText(/day in a row|days in a row/)).toBeVisible();
  await resume.getByRole("link", { name: /CSAT Sectional Test/ }).click();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByText("Question 1 of 6")).toBeVisible();
  await expect(page.getByLabel(/^B\. ₹105/)).toBeChecked();
});

test("an open quiz attempt is on the home page's resume list and opens where it was", async ({
  loginAs,
}) => {
  const { page } = await loginAs("student");
  await page.goto("/current-affairs/quizzes");
  const title = "Economy Watch: RBI, Inflation and the Budget";
  await page.getByRole("article", { name: title }).getByRole("link", { name: "Start Now" }).click();
  await page.getByRole("button", { name: "Start Quiz" }).click();
  await expect(page.getByText(/^Question 1 of \d+ \(Attempt #1\)$/)).toBeVisible();
  await page.getByRole("radio").nth(2).check();
  await expect(page.getByText("All answers saved")).toBeVisible();

  await page.goto("/");
  const resume = page.getByRole("region", { name: "Resume Your Practice" });
  const item = resume.getByRole("link", { name: new RegExp(title) });
  await expect(item.getByText("Quiz", { exact: true })).toBeVisible();
  await expect(item).toContainText(/Attempt #1 · 1 of \d+ answered/);
  await item.click();
  await expect(page).toHaveURL(/\/quiz\/[0-9a-f-]+\/attempt$/);
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByText(/^Question 1 of \d+ \(Attempt #1\)$/)).toBeVisible();
  await expect(page.getByRole("radio").nth(2)).toBeChecked();
});
