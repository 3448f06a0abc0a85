import { secretOf, totpCode } from "../src/server/test/totp.ts";
import { expect, test } from "./fixtures.ts";
import { createAdminWithCli, createStudent, lastMailTo, logIn, uniqueEmail } from "./helpers.ts";

test("a new student registers, skips onboarding, logs in, sees the dashboard and logs out", async ({
  page,
}) => {
  const email = uniqueEmail("new");
  await page.goto("/register");
  await page.getByLabel("Full Name").fill("Meera Iyer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Tq7-violet-harbor-92");
  await page.getByLabel("Confirm Password").fill("Tq7-violet-harbor-92");
  const optional = page.getByRole("group", { name: "Optional" });
  await optional.getByLabel("Mobile Number").fill("9876543210");
  const dob = optional.getByRole("group", { name: "Date of Birth" });
  await dob.getByLabel("Day").selectOption("29");
  await dob.getByLabel("Month").selectOption({ label: "February" });
  await dob.getByLabel("Year").selectOption("2000");
  await page.getByRole("button", { name: "Register" }).click();

  // Email verification is off here: the student is signed in and offered onboarding at once.
  await expect(page.getByText("Registration Successful")).toBeVisible();
  await expect(page).toHaveURL(/\/student\/welcome$/);
  expect(lastMailTo(email).subject).toMatch(/verify your email/i);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  const me = await (await page.request.get("/api/account/me")).json();
  expect(me.profile).toMatchObject({ mobileNumber: "9876543210", dateOfBirth: "2000-02-29" });
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, "wrong-pass");
  await expect(page.getByText("Invalid email or password. Please try again.")).toBeVisible();

  await logIn(page, email, "Tq7-violet-harbor-92");
  await expect(page.getByText("Welcome back! Redirecting...")).toBeVisible();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Meera Iyer!" })).toBeVisible();
  await expect(page.getByText("Welcome, Meera Iyer!").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /My Results/ })).toHaveAttribute("href", "/results");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("link", { name: "Register" }).first()).toBeVisible();
  // The session really ended: the dashboard now asks for a login again.
  await page.goto("/student/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("an admin created with the CLI reaches the admin dashboard", async ({ page }) => {
  const admin = createAdminWithCli("Kavita Menon");
  expect(admin.output).toContain(`Created admin account ${admin.email}`);
  await page.goto("/login");
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Signed in as Kavita Menon")).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Manage" }).getByRole("link", { name: /Manage Questions/ }),
  ).toHaveAttribute("href", "/admin/questions");
  // The section navigation reaches every admin screen from here too (a sidebar on desktop).
  await expect(
    page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", {
      name: "Manage Questions",
    }),
  ).toHaveAttribute("href", "/admin/questions");
});

test("a student is sent away from the admin dashboard", async ({ loginAs }) => {
  const { page } = await loginAs("student");
  await page.goto("/student/dashboard");
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/student\/dashboard$/);
});

test("a visitor is sent to /login and back to the page they wanted", async ({
  page,
  request,
  baseURL,
}) => {
  const student = await createStudent(request, baseURL ?? "");
  await page.goto("/student/subscriptions");
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/student\/subscriptions$/);
  // A logged-in visitor to /login is redirected to their dashboard.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/student\/dashboard$/);
});

test("forgot password mails a link that sets a new password", async ({
  page,
  request,
  baseURL,
}) => {
  const student = await createStudent(request, baseURL ?? "");
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The login page has an Email field too: wait for the new page before filling.
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  await page.getByLabel("Email").fill(student.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(/a password reset link is on its way/)).toBeVisible();

  const link = lastMailTo(student.email).text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link as string);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New Password", { exact: true }).fill("another-pass");
  await page.getByLabel("Confirm New Password").fill("another-pass");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, student.email, "another-pass");
  // This student's first sign-in through the form: onboarding is offered, once.
  await expect(page).toHaveURL(/\/student\/welcome$/);
});

test("an unknown page shows the 404 with a way home", async ({ page }) => {
  const unknown = await page.goto("/no/such/page");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go Back to Homepage" }).click();
  await expect(page).toHaveURL(/\/$/);

  // A visitor's home page knows nobody is signed in from its HTML (decision 046): it asks
  // nothing about the session, and nothing fails or logs an error.
  const errors: string[] = [];
  const sessionRequests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("request", (request) => {
    if (request.url().endsWith("/api/account/me")) sessionRequests.push(request.url());
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByRole("link", { name: "Register" }).first()).toBeVisible();
  expect(sessionRequests).toEqual([]);
  expect(errors).toEqual([]);

  const robots = await page.request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(await robots.text()).toContain("Disallow: /admin");
  expect((await page.request.get("/no-such-page")).status()).toBe(404);
});

test("a revoked session sends the user back to /login", async ({ loginAs, baseURL }) => {
  const { page } = await loginAs("student");
  await page.goto("/student/dashboard");
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  // Revoke every session on the server, keeping the browser's cookie as it is.
  const revoked = await page.request.post("/api/auth/revoke-sessions", {
    headers: { origin: baseURL ?? "" },
    data: {},
  });
  expect(revoked.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
});

test("an admin turns on two-factor sign-in from the dashboard's prompt and signs in with a code", async ({
  page,
}) => {
  const admin = createAdminWithCli("Guarded Admin");
  await page.goto("/login");
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const prompt = page.getByRole("region", { name: "Turn on two-factor sign-in" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("link", { name: "Set up two-factor sign-in" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);

  await page.getByLabel("Current password").fill(admin.password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const setupLink = page.getByRole("link", { name: "open this setup link" });
  const uri = (await setupLink.getAttribute("href")) ?? "";
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  // The authenticator app: RFC 6238 from the setup key, as a phone would compute it now.
  await page.getByLabel("Authentication code").fill(totpCode(secretOf(uri)));
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByRole("status").filter({ hasText: "On: each sign-in" })).toBeVisible();

  // By keyboard: the "Two-factor sign-in is on" toast sits over the link, and a pointer resting
  // on a toast holds it open, so a click could wait for a toast that never goes.
  await page.getByRole("link", { name: "Back to Dashboard" }).press("Enter");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(prompt).toHaveCount(0);

  await page.getByRole("button", { name: "Logout" }).click();
  await page.goto("/login");
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(totpCode(secretOf(uri), Date.now() + 600_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Authentication code").fill(totpCode(secretOf(uri)));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});
