import type { Page } from "@playwright/test";
import {
  atEachWidth,
  screenshot,
  seriousViolations,
  settle,
  visit,
  WIDTHS,
  widerThanPhone,
} from "./a11y-helpers.ts";
import { DEMO_SAMPLES } from "./demo-samples.ts";
import { expect, test } from "./fixtures.ts";

// The delete confirmation is an alertdialog.
const DIALOG = '[role="dialog"], [role="alertdialog"]';

// Every dialog, open, at phone and desktop width (one opening, `atEachWidth`): nothing serious
// or critical for axe. `shot`: also save it as a screenshot with this name.
async function checkDialog(page: Page, name: string, findings: string[], shot?: string) {
  await expect(page.locator(DIALOG)).toBeVisible();
  await settle(page, DIALOG);
  await atEachWidth(page, async (width) => {
    for (const line of await seriousViolations(page)) findings.push(`${name} (${width}): ${line}`);
    if (width === "phone")
      for (const line of await widerThanPhone(page)) findings.push(`${name}: ${line}`);
    if (shot) await screenshot(page, shot, width, false);
  });
}

async function closeDialog(page: Page) {
  await page.keyboard.press("Escape");
  await expect(page.locator(DIALOG)).toHaveCount(0);
}

test("dialogs pass axe at phone and desktop width", async ({ loginAs }) => {
  test.setTimeout(300_000);
  const { context, page } = await loginAs("admin", { context: WIDTHS.phone });
  const findings: string[] = [];

  await visit(page, "/");
  await page.getByRole("button", { name: "Change Exam" }).click();
  await checkDialog(page, "Change Exam", findings);
  await closeDialog(page);

  await visit(page, "/admin/exams");
  await page.getByRole("button", { name: "Create New Exam" }).click();
  await checkDialog(page, "Create New Exam", findings);
  // Submitting it empty shows inline errors and the spec's error toast: both must be legible.
  await page.getByRole("button", { name: "Create Exam" }).click();
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByText("Enter a title.")).toBeVisible();
  await expect(page.getByText("Validation Error")).toBeVisible();
  await checkDialog(page, "Create New Exam (errors)", findings, "dialog-exam-errors");
  await closeDialog(page);
  await page
    .getByRole("button", { name: /^Delete / })
    .first()
    .click();
  await checkDialog(page, "Delete Exam", findings);
  await closeDialog(page);

  await visit(page, "/admin/categories");
  await page.getByRole("button", { name: "Add Category" }).click();
  await checkDialog(page, "Add Category", findings);
  await closeDialog(page);

  await visit(page, "/admin/questions");
  await page.getByRole("button", { name: "Add Question" }).click();
  await checkDialog(page, "Add New Question", findings);
  await page.getByRole("button", { name: "Add Question" }).last().click();
  await expect(page.getByLabel("Exam or quiz", { exact: true })).toBeFocused();
  await checkDialog(page, "Add New Question (errors)", findings, "dialog-question-errors");
  await closeDialog(page);
  await page.getByRole("button", { name: "Bulk Upload" }).click();
  await checkDialog(page, "Bulk Upload", findings);
  await closeDialog(page);

  await visit(page, "/admin/daily-news");
  await page.getByRole("button", { name: "Add New Entry" }).click();
  await expect(page.locator(".ql-toolbar").first()).toBeVisible();
  await checkDialog(page, "Add New Entry", findings);
  await closeDialog(page);

  // The attempt screen (its compact bar) and its two dialogs: submit and exit.
  await visit(page, `/exam/${DEMO_SAMPLES.exam}`);
  await page.getByRole("button", { name: /^(Start Exam|Resume)$/ }).click();
  await expect(page.getByTestId("attempt-bar")).toBeVisible();
  await page.getByRole("radio").first().check();
  await settle(page, '[data-testid="attempt-bar"]');
  await atEachWidth(page, async (width) => {
    for (const line of await seriousViolations(page))
      findings.push(`Attempt screen (${width}): ${line}`);
  });
  const showPalette = page.getByRole("button", { name: "Show questions" });
  if (await showPalette.isVisible()) await showPalette.click();
  await page.getByRole("button", { name: "Finish and submit" }).click();
  await checkDialog(page, "Submit Exam?", findings);
  await closeDialog(page);
  await page.getByRole("button", { name: "Exit" }).click();
  await expect(page.getByRole("dialog", { name: "Leave this exam?" })).toBeVisible();
  await checkDialog(page, "Leave this exam?", findings);
  await closeDialog(page);

  expect(findings, findings.join("\n")).toEqual([]);
  await context.close();
});
