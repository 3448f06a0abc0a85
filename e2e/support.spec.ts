import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { e2eDataDir } from "../playwright.config.ts";
import { expect, test } from "./fixtures.ts";

/** The mails the app wrote to its outbox (no SMTP_URL in the journeys) to `to`. */
function outboxTo(to: string): { subject: string; text: string }[] {
  const dir = path.join(e2eDataDir, "outbox");
  return readdirSync(dir)
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")))
    .filter((mail) => mail.to === to);
}

test("the legal pages are linked from checkout, and a support request goes from a student to the admin and the answer back", async ({
  loginAs,
}) => {
  const { page: student, user } = await loginAs("student", { fullName: "Kavya Menon" });

  // Checkout: the plans page links the policies a payment is made under (demo texts).
  await student.goto("/student/subscriptions");
  const policies = student.getByRole("navigation", { name: "Payment policies" });
  await expect(policies.getByRole("link", { name: "Refund and Cancellation" })).toHaveAttribute(
    "href",
    "/refund-policy",
  );
  await expect(policies.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy-policy",
  );
  await policies.getByRole("link", { name: "Terms of Service" }).click();
  await expect(student.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(student.getByText("Last updated")).toBeVisible();
  // The footer links them on every page too.
  const footer = student.getByRole("navigation", { name: "About and policies" });
  await footer.getByRole("link", { name: "Contact Us" }).click();
  await expect(student.getByRole("link", { name: "Send a support request" })).toBeVisible();

  // The student asks for help: name and email are filled in.
  const subject = `Refund for a double payment ${Date.now()}`;
  await student.getByRole("link", { name: "Send a support request" }).click();
  await expect(student.getByLabel("Your name")).toHaveValue("Kavya Menon");
  await expect(student.getByLabel("Email")).toHaveValue(user.email);
  await student.getByLabel("Subject").fill(subject);
  await student.getByLabel("How can we help?").fill("I was charged twice for the same plan.");
  await student.getByRole("button", { name: "Send Request" }).click();
  await expect(student.getByRole("status")).toHaveText(
    "Thank you! Your request has been sent. We will reply by email.",
  );
  const mine = student.getByRole("listitem").filter({ hasText: subject });
  await expect(mine.getByText("Open")).toBeVisible();

  // The admin answers and closes it at /admin/support.
  const { page: admin } = await loginAs("admin");
  await admin.goto("/admin/support");
  await admin.getByLabel("Search requests").fill(subject);
  await admin.getByRole("button", { name: `Answer ${subject}` }).click();
  const dialog = admin.getByRole("dialog", { name: subject });
  await expect(dialog.getByText("I was charged twice for the same plan.")).toBeVisible();
  await dialog.getByLabel("Your answer").fill("We have refunded the second payment today.");
  await dialog.getByRole("switch", { name: "Close the request" }).click();
  await dialog.getByRole("button", { name: "Send Answer" }).click();
  await expect(admin.getByText(`${user.email} will receive it by email.`)).toBeVisible();

  // The answer reaches the student by mail and on the Support page.
  const reply = outboxTo(user.email).find((mail) => mail.subject === `Re: ${subject}`);
  expect(reply?.text).toContain("We have refunded the second payment today.");
  await student.reload();
  await expect(mine.getByText("We have refunded the second payment today.")).toBeVisible();
  await expect(mine.getByText("Closed")).toBeVisible();
});
