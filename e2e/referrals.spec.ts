import { screenshot, seriousViolations, settle, WIDTHS } from "./a11y-helpers.ts";
import { apiAs, postOk } from "./api-setup.ts";
import { expect, runAdmin, test } from "./fixtures.ts";
import { uniqueEmail } from "./helpers.ts";
import { sandboxKeys } from "./payments-sandbox.ts";

// Refer and earn (decisions 043 and 058): a student shares their referral link; a friend signs up
// through it, pays less for a plan through the stand-in checkout, and the referrer's credit
// appears, pending through the refund window (decision 058). Razorpay's keys,
// the plan and the programme's rewards are set through the admin API.

test("a student refers a friend who pays less through the checkout, and the referrer's credit appears", async ({
  loginAs,
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
  const suffix = Date.now().toString(36);
  const admin = runAdmin();
  const api = await apiAs(baseURL, admin.email, admin.password);
  const keys = await api.put("/api/admin/payment-settings/razorpay", {
    data: { ...sandboxKeys, isActive: true },
  });
  expect(keys.ok()).toBe(true);
  const settings = await api.put("/api/admin/referrals/settings", {
    data: {
      enabled: true,
      creditKind: "amount",
      creditValue: 100,
      creditExpiryDays: 180,
      discountKind: "amount",
      discountValue: 50,
      // Decision 058's defaults: the ₹100 credit is under half of ₹449, and pending 7 days.
      creditMaxSharePercent: 50,
      minPlanPrice: 499,
      monthlyCreditLimit: 5,
      creditHoldDays: 7,
    },
  });
  expect(settings.ok()).toBe(true);
  const planName = `Referral Monthly ${suffix}`;
  await postOk(api, "/api/admin/subscription-plans", {
    name: planName,
    price: 499,
    currency: "INR",
    durationDays: 30,
    examLimit: -1,
    attemptLimitPerExam: -1,
    features: ["All premium mocks"],
    isActive: true,
  });

  // The referrer's page: the link to share.
  const referrer = await loginAs("student", { context: WIDTHS.phone, fullName: "Anita Rao" });
  await referrer.page.goto("/student/refer-earn");
  const link = await referrer.page.getByLabel("Your referral link").inputValue();
  expect(link).toMatch(/\/register\?ref=[A-Z0-9]{8}$/);
  await expect(referrer.page.getByText("No one has joined with your link yet.")).toBeVisible();

  // The friend opens the link in their own browser and registers.
  const friendContext = await browser.newContext({ ...WIDTHS.phone, baseURL });
  const friend = await friendContext.newPage();
  await friend.goto(new URL(link).pathname + new URL(link).search);
  await expect(friend.getByText("Invited by Anita")).toBeVisible();
  const email = uniqueEmail("friend");
  await friend.getByLabel("Full Name").fill("Rohit Sen");
  await friend.getByLabel("Email").fill(email);
  await friend.getByLabel("Password", { exact: true }).fill("Tq7-violet-harbor-92");
  await friend.getByLabel("Confirm Password").fill("Tq7-violet-harbor-92");
  await friend.getByRole("button", { name: "Register" }).click();
  await expect(friend).toHaveURL(/\/student\/welcome$/);

  // The plan costs ₹50 less, on the server's order: the breakdown, then the stand-in's sheet.
  await friend.goto("/student/subscriptions");
  const card = friend
    .getByRole("listitem")
    .filter({ has: friend.getByRole("heading", { name: planName }) });
  await card.getByRole("button", { name: `Subscribe to ${planName}` }).click();
  // The first paid checkout asks the state for the GST invoice (decision 059).
  const stateDialog = friend.getByRole("dialog", { name: "Your state for the tax invoice" });
  await stateDialog.getByLabel("State or union territory").selectOption({ label: "Delhi (07)" });
  await stateDialog.getByRole("button", { name: "Continue to payment" }).click();
  const breakdown = friend.getByRole("dialog", { name: `Your price for ${planName}` });
  await expect(breakdown.getByText("Referral discount")).toBeVisible();
  await expect(breakdown.getByText("−₹50")).toBeVisible();
  await settle(friend, "h2");
  expect(await seriousViolations(friend)).toEqual([]);
  await screenshot(friend, "referral-breakdown", "phone", false);
  await breakdown.getByRole("button", { name: "Pay ₹449" }).click();
  const sheet = friend.frameLocator('iframe[title="Razorpay Checkout (sandbox)"]');
  await expect(sheet.getByText("₹449.00")).toBeVisible();
  await sheet.getByRole("button", { name: "Pay" }).click();
  await expect(friend.getByText("Payment Successful")).toBeVisible();
  await friendContext.close();

  // The referrer's credit is there, pending through the refund window.
  await referrer.page.reload();
  const referrals = referrer.page.getByRole("region", { name: "Your referrals" });
  await expect(referrals.getByText("Credited")).toBeVisible();
  const balance = referrer.page.getByRole("region", { name: "Available balance" });
  await expect(balance).toContainText("₹0");
  await expect(balance).toContainText("Pending: ₹100");
  const credits = referrer.page.getByRole("region", { name: "Your credits" });
  await expect(credits.getByText("Pending", { exact: true })).toBeVisible();
  await expect(referrer.page.getByRole("region", { name: "Rules" })).toContainText(
    "Plans under ₹499 earn no credit.",
  );
  await settle(referrer.page);
  expect(await seriousViolations(referrer.page)).toEqual([]);
  await screenshot(referrer.page, "refer-earn", "phone");
  await referrer.page.setViewportSize(WIDTHS.desktop.viewport);
  await screenshot(referrer.page, "refer-earn", "desktop");
  await api.dispose();
});
