import { screenshot, seriousViolations, settle, WIDTHS } from "./a11y-helpers.ts";
import { expect, test } from "./fixtures.ts";

// Practice tests and revision (decision 041): a student builds a practice test from one topic
// of the demo's question bank,
// takes it on the engine's attempt screen, submits it and finds it in My Results; the questions
// they skipped arrive in the revision notebook, where they answer today's due cards; then they
// browse the previous-year questions, answer one (the key shows only after) and practise them.
test("a student practises a topic, revises what they missed and browses the previous-year questions", async ({
  loginAs,
}) => {
  const { page } = await loginAs("student", { context: WIDTHS.phone });
  await page.goto("/student/practice");
  await expect(page).toHaveTitle(/^Practice · /);
  const builder = page.getByRole("form", { name: "Build a practice test" });
  await expect(builder.getByText("0 of 10 practice tests used this month.")).toBeVisible();
  await builder.getByRole("checkbox", { name: "Polity", exact: true }).check();
  const topics = builder.getByRole("group", { name: "Topics of Polity" });
  await topics.getByRole("checkbox", { name: "Fundamental Rights" }).check();
  await builder.getByRole("spinbutton", { name: "Number of questions" }).fill("5");
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, "practice-builder", "phone");
  await builder.getByRole("button", { name: "Build practice test" }).click();

  // The start screen of the one engine, with the test's rules.
  await expect(page).toHaveURL(/\/practice\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Practice test", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Fundamental Rights", level: 1 })).toBeVisible();
  await expect(page.getByText("Test rules")).toBeVisible();
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
  await page.getByRole("radio").first().check();
  await page
    .getByRole("group", { name: "How sure are you?" })
    .getByRole("button", { name: "Sure" })
    .click();
  await expect(page.getByText("All answers saved")).toBeVisible();
  // On a phone the palette (and Finish and submit) is folded away until asked for.
  await page.getByRole("button", { name: "Show questions" }).click();
  await page.getByRole("button", { name: "Finish and submit" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Test" }).click();

  // The summary (no cut-off for a practice test), then the review with its analysis.
  await expect(page.getByRole("heading", { name: "Fundamental Rights", level: 1 })).toBeVisible();
  await expect(page.getByText(/^Cut-off/)).toHaveCount(0);
  await page.getByRole("link", { name: "View Detailed Results" }).click();
  await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Attempt review")).toBeVisible();
  await expect(page.getByRole("region", { name: "Analysis" })).toBeVisible();

  // My Results lists it beside exams and quizzes, labelled as practice.
  await page.goto("/results?kind=practice");
  const card = page.getByRole("listitem").filter({ hasText: "Fundamental Rights" });
  await expect(card.getByText("Practice", { exact: true })).toBeVisible();
  // And the practice page counts it and links its review.
  await page.goto("/student/practice");
  await expect(page.getByText("1 of 10 practice tests used this month.")).toBeVisible();
  const mine = page.getByRole("region", { name: "Your practice tests" });
  await expect(mine.getByRole("link", { name: "Review" })).toBeVisible();

  // The questions left blank are due in the notebook today.
  await page.getByRole("link", { name: "Revision", exact: true }).first().click();
  await expect(page).toHaveURL(/\/student\/revision$/);
  await expect(page).toHaveTitle(/^Revision · /);
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, "revision-notebook", "phone");
  await page.getByRole("button", { name: "Start today's revision" }).click();
  await expect(page).toHaveURL(/\/revision\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Revision session", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
  // An untimed session shows no clock.
  await expect(page.getByRole("timer")).toHaveCount(0);
  await page.getByRole("radio").first().check();
  await expect(page.getByText("All answers saved")).toBeVisible();
  await page.getByRole("button", { name: "Show questions" }).click();
  await page.getByRole("button", { name: "Finish and submit" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Test" }).click();
  // The review reveals the key and the explanation of the cards just answered.
  await expect(page.getByRole("link", { name: "View Detailed Results" })).toBeVisible();
  await expect(page.getByText(/Explanation/).first()).toBeVisible();

  // The previous-year questions: no key until the student answers.
  await page.goto("/student/pyq");
  await expect(page).toHaveTitle(/^Previous Year Questions · /);
  const first = page.getByRole("article").first();
  await expect(first.getByText(/^Correct$|^Wrong: the answer is/)).toHaveCount(0);
  await first.getByRole("radio").first().check();
  await first.getByRole("button", { name: "Check answer" }).click();
  await expect(first.getByText(/^Correct$|^Wrong: the answer is [ABCD]$/)).toBeVisible();
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, "pyq-explorer", "phone");
  // "Practice these" opens the builder set to previous-year papers.
  await page.getByRole("link", { name: "Practice these" }).click();
  await expect(page).toHaveURL(/\/student\/practice\?source=pyq/);
  const sources = page.getByRole("group", { name: "Source" });
  await expect(sources.getByRole("checkbox", { name: "Previous-year papers" })).toBeChecked();
  await expect(sources.getByRole("checkbox", { name: "Mock tests" })).not.toBeChecked();
});
