import type { APIRequestContext, Page } from "@playwright/test";
import { expect, SITE_WIDE, test } from "./fixtures.ts";
import { sandboxKeys } from "./payments-sandbox.ts";

/** A premium exam with one question, made through the admin API (set-up, not the journey). */
async function createPremiumExam(request: APIRequestContext, baseURL: string, title: string) {
  const headers = { origin: baseURL };
  const categories = await request.get("/api/categories");
  expect(categories.status()).toBe(200);
  const [category] = (await categories.json()) as { id: string }[];
  if (!category) throw new Error("the demo content has no category");
  const exam = await request.post("/api/admin/exams", {
    headers,
    data: { title, categoryId: category.id, timeLimitSeconds: 600, isFree: false },
  });
  expect(exam.status()).toBe(201);
  const { id } = (await exam.json()) as { id: string };
  const question = await request.post("/api/admin/questions", {
    headers,
    data: {
      examId: id,
      questionText: "Which Schedule of the Constitution lists the languages?",
      options: { A: "Sixth", B: "Seventh", C: "Eighth", D: "Ninth" },
      correctAnswer: "C",
      explanation: "The Eighth Schedule.",
    },
  });
  expect(question.status()).toBe(201);
  return id;
}

/** The stand-in's Checkout sheet (an iframe over the page, as Razorpay's own). */
const checkoutSheet = (page: Page) =>
  page.frameLocator('iframe[title="Razorpay Checkout (sandbox)"]');

test(
  "an admin sets up Razorpay and a plan; a student is refused, fails a payment, pays, starts the premium exam and finds the invoice; the admin finds the subscriber",
  SITE_WIDE,
  async ({ loginAs, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
    // A long journey (two browsers, two payments) on a shared 2-core machine: a bound, not a target.
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const planName = `Premium Monthly ${suffix}`;
    const examTitle = `Premium Polity Mock ${suffix}`;

    // The admin: Razorpay keys pointing at the stand-in.
    const { page: adminPage } = await loginAs("admin");
    await adminPage.goto("/admin/payment-settings");
    await adminPage.getByLabel("Key ID").fill(sandboxKeys.keyId);
    await adminPage.getByLabel("Key Secret").fill(sandboxKeys.keySecret);
    await adminPage.getByLabel("Webhook Secret").fill(sandboxKeys.webhookSecret);
    const enable = adminPage.getByRole("switch", { name: "Enable Razorpay" });
    if ((await enable.getAttribute("aria-checked")) !== "true") await enable.click();
    await adminPage.getByRole("button", { name: "Save Razorpay Settings" }).click();
    await expect(adminPage.getByText("Razorpay Settings Saved")).toBeVisible();
    // Secrets are write-only: the form shows only their last four characters.
    await expect(adminPage.getByText(/Saved \(.*0001\)\. Leave blank to keep it\./)).toBeVisible();
    await expect(adminPage.getByLabel("Key Secret")).toHaveValue("");
    await expect(adminPage.getByText("Test mode")).toBeVisible();
    await adminPage.getByRole("button", { name: "Test connection" }).click();
    await expect(adminPage.getByRole("status")).toHaveText("Connected to Razorpay (test mode).");

    // The admin: a paid plan.
    await adminPage.goto("/admin/subscription-plans");
    await adminPage.getByRole("button", { name: "Add New Plan" }).click();
    const dialog = adminPage.getByRole("dialog");
    await dialog.getByLabel("Name").fill(planName);
    await dialog.getByLabel("Price").fill("499");
    await dialog.getByLabel("Exam Limit").fill("-1");
    await dialog.getByLabel("Practice Limit (per month)").fill("40");
    await dialog.getByLabel("Evaluation Limit (per plan period)").fill("6");
    await dialog
      .getByLabel("Features (one per line)")
      .fill("All premium mocks\n\n  Detailed reviews  ");
    await dialog.getByRole("button", { name: "Save Plan" }).click();
    await expect(adminPage.getByText("Plan Saved")).toBeVisible();
    const planRow = adminPage.getByRole("row").filter({ hasText: planName });
    await expect(planRow.getByRole("cell", { name: "INR 499.00" })).toBeVisible();
    await expect(planRow.getByRole("cell", { name: "Unlimited" })).toBeVisible();
    await expect(planRow.getByRole("cell", { name: "40", exact: true })).toBeVisible();
    await expect(planRow.getByRole("cell", { name: "6", exact: true })).toBeVisible();

    const examId = await createPremiumExam(adminPage.request, baseURL, examTitle);

    // The student is refused the premium exam, with a way to the plans.
    const { page, user: student } = await loginAs("student", { fullName: "Meera Iyer" });
    await page.goto(`/exam/${examId}`);
    await expect(page.getByText("This is a premium exam.")).toBeVisible();
    await page.getByRole("button", { name: "Start Exam" }).click();
    await expect(page.getByRole("heading", { name: "Premium Exam" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(
      "This is premium content. Subscribe to a plan to unlock it.",
    );
    await page.getByRole("link", { name: "View Plans" }).click();
    await expect(page).toHaveURL(/\/student\/subscriptions$/);
    await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();

    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: planName }) });
    await expect(card.getByText("₹499")).toBeVisible();
    await expect(card.getByText("/month")).toBeVisible();
    await expect(card.getByText("Detailed reviews", { exact: true })).toBeVisible();

    // The first paid checkout asks the student's state for the GST invoice (decision 059).
    await card.getByRole("button", { name: `Subscribe to ${planName}` }).click();
    const stateDialog = page.getByRole("dialog", { name: "Your state for the tax invoice" });
    await stateDialog
      .getByLabel("State or union territory")
      .selectOption({ label: "Karnataka (29)" });
    await stateDialog.getByRole("button", { name: "Continue to payment" }).click();
    await expect(stateDialog).toBeHidden();

    // A failed payment activates nothing.
    await expect(checkoutSheet(page).getByText("₹499.00")).toBeVisible();
    await checkoutSheet(page).getByRole("button", { name: "Fail" }).click();
    await expect(page.getByText("Payment Failed", { exact: true })).toBeVisible();
    await checkoutSheet(page).getByRole("button", { name: "Close" }).click();
    await expect(page.locator('iframe[title="Razorpay Checkout (sandbox)"]')).toHaveCount(0);
    await page.reload();
    const banner = page.getByRole("region", { name: "Current plan" });
    await expect(banner).toContainText("You are on the free tier");
    const mine = await page.request.get("/api/subscriptions/me");
    expect(await mine.json()).toEqual({ subscription: null });
    await page.goto(`/exam/${examId}`);
    await expect(page.getByText("This is a premium exam.")).toBeVisible();
    await page.getByRole("button", { name: "Start Exam" }).click();
    await expect(page.getByRole("heading", { name: "Premium Exam" })).toBeVisible();

    // Paying through the stand-in's Checkout activates the plan; the state is not asked again.
    await page.goto("/student/subscriptions");
    await card.getByRole("button", { name: `Subscribe to ${planName}` }).click();
    await checkoutSheet(page).getByRole("button", { name: "Pay" }).click();
    await expect(stateDialog).toHaveCount(0);
    await expect(page.getByText("Payment Successful")).toBeVisible();
    await expect(banner).toContainText(planName);
    await expect(banner.getByText("Active")).toBeVisible();
    await expect(card.getByRole("button", { name: "Current Plan" })).toBeVisible();

    // The premium exam now starts.
    await page.goto(`/exam/${examId}`);
    await page.getByRole("button", { name: "Start Exam" }).click();
    await expect(page.getByText("Question 1 of 1")).toBeVisible();
    await expect(
      page.getByText("Which Schedule of the Constitution lists the languages?"),
    ).toBeVisible();

    // Transactions: the failed attempt and the payment, with a receipt for the paid one.
    await page.goto("/student/transactions");
    const payments = page.getByRole("listitem").filter({ hasText: planName });
    await expect(payments).toHaveCount(2);
    await expect(payments.filter({ hasText: "Failed" })).toHaveCount(1);
    const paid = payments.filter({ hasText: "Paid" });
    await expect(paid.getByText("₹499")).toBeVisible();
    await paid.getByRole("link", { name: `Invoice ${planName}` }).click();
    // No GST rate is set: an invoice (decision 040) that says GST is not applicable.
    await expect(page.getByRole("heading", { name: "Invoice", exact: true })).toBeVisible();
    const invoice = page.getByRole("article");
    await expect(invoice.getByText("Meera Iyer")).toBeVisible();
    await expect(invoice.getByText("GST not applicable")).toBeVisible();
    await expect(invoice.getByText("Place of supply")).toBeVisible();
    await expect(invoice.getByText("Karnataka (29)").first()).toBeVisible();
    await expect(invoice.getByText("Whether tax is payable on reverse charge: No")).toBeVisible();
    await expect(invoice.getByRole("row", { name: /Total paid/ })).toContainText("₹499");

    // The admin finds the subscriber.
    await adminPage.goto("/admin/user-subscriptions");
    await adminPage.getByLabel("Search by name or email").fill(student.email.toUpperCase());
    const rows = adminPage.getByRole("row").filter({ hasText: student.email });
    // The paid subscription, and the checkout whose payment failed (cancelled, never started).
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Cancelled" })).toHaveCount(1);
    const row = rows.filter({ hasText: "Active" });
    await expect(row.getByText(planName)).toBeVisible();
    await row.getByRole("button", { name: "Details" }).click();
    const details = adminPage.getByRole("dialog", { name: "Subscription Details" });
    await expect(details.getByText(/^order_/)).toBeVisible();
    await expect(details.getByText(/^pay_/)).toBeVisible();
    await expect(details.getByText(/₹499 · paid/)).toBeVisible();
  },
);
