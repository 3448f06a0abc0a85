import type { BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { openAs } from "./a11y-helpers.ts";
import { expect, SITE_WIDE, test } from "./fixtures.ts";
import { logIn } from "./helpers.ts";

function makePng(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The signed-in page, in a context where Share copies the link instead of opening a sheet. */
async function withShareCopying({ context, page }: { context: BrowserContext; page: Page }) {
  // Headless Chromium may or may not offer a share sheet: take it away so Share copies the link.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  return page;
}

async function imageLoaded(page: Page, selector: string) {
  await expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
}

test("admin writes an article with an image; a visitor reads and shares it; the served HTML previews it", async ({
  browser,
  baseURL,
  request,
  loginAs,
}) => {
  const suffix = Date.now().toString(36);
  const title = `Monsoon & the Economy ${suffix}`;
  const hindiTitle = `मानसून और अर्थव्यवस्था ${suffix}`;
  const adminPage = await withShareCopying(await loginAs("admin"));

  await adminPage.goto("/admin/daily-news");
  await expect(adminPage.getByRole("heading", { name: "Manage Daily News" })).toBeVisible();
  await adminPage.getByRole("button", { name: "Add New Entry" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Add New Entry" });
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  // The optional Hindi version: its title (the body falls back to the English one).
  await dialog.getByLabel("Title (Hindi)").fill(hindiTitle);
  // The published date defaults to today.
  await expect(dialog.getByLabel("Published Date")).toHaveValue(
    await adminPage.evaluate(() => new Date().toLocaleDateString("en-CA")),
  );

  const editor = dialog.locator(".ql-editor").first();
  await editor.click();
  await adminPage.keyboard.type(
    "The southwest monsoon arrived early this year, lifting kharif sowing and easing food inflation. ",
  );
  const chooser = adminPage.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Insert image" }).first().click();
  await (await chooser).setFiles({
    name: "rainfall map.png",
    mimeType: "image/png",
    buffer: await makePng(320, 200, "#1d4ed8"),
  });
  await expect(editor.locator('img[src^="/storage/news_images/"]')).toHaveAttribute(
    "src",
    /\/storage\/news_images\/\d+-rainfall_map\.png$/,
  );

  // An oversized image is refused before upload with the spec's toast.
  const bigChooser = adminPage.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Insert image" }).first().click();
  await (await bigChooser).setFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(adminPage.getByText("Image Too Large")).toBeVisible();
  await expect(adminPage.getByText("Please upload an image smaller than 5MB.")).toBeVisible();

  await dialog.getByRole("button", { name: "Create Entry" }).click();
  await expect(adminPage.getByText("News Entry Created")).toBeVisible();
  await expect(adminPage.getByText(`"${title}" has been successfully saved.`)).toBeVisible();
  await expect(adminPage.getByRole("cell", { name: title, exact: true })).toBeVisible();

  // A visitor (no session) finds it in the list and reads it.
  const visitorContext = await browser.newContext();
  await visitorContext.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await visitorContext.grantPermissions(["clipboard-read", "clipboard-write"]);
  const visitor = await visitorContext.newPage();
  await visitor.goto("/news");
  await expect(visitor.getByRole("heading", { name: "Daily News Analysis" })).toBeVisible();
  const card = visitor.getByRole("listitem").filter({ hasText: title });
  await expect(card.getByText(/The southwest monsoon arrived early this year/)).toBeVisible();
  await expect(card.getByRole("link", { name: title, exact: true })).toBeVisible();
  await card.getByRole("link", { name: /^Read Full Analysis/ }).click();
  await expect(visitor).toHaveURL(/\/news\/[0-9a-f-]{36}$/);
  const articleUrl = visitor.url();
  const newsId = articleUrl.split("/").pop();

  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText(/^Published on \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await imageLoaded(visitor, 'article img[src^="/storage/news_images/"]');
  await visitor.getByRole("button", { name: "Share" }).click();
  await expect(visitor.getByText("Link Copied!")).toBeVisible();
  expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(articleUrl);
  await expect(visitor).toHaveTitle(`${title} · My Exam App`);

  // The editor never loaded on the public pages.
  const scripts = await visitor.evaluate(() =>
    performance.getEntriesByType("resource").map((entry) => entry.name),
  );
  expect(scripts.some((name) => /rich-text-editor|quill/i.test(name))).toBe(false);

  // The HTML the server returns for the article carries its preview tags.
  const html = await (await request.get(`/news/${newsId}`)).text();
  const escapedTitle = title.replace("&", "&amp;");
  expect(html).toContain(`<title>${escapedTitle} · My Exam App</title>`);
  expect(html).toContain(`<meta property="og:title" content="${escapedTitle} · My Exam App" />`);
  expect(html).toMatch(
    /<meta name="description" content="The southwest monsoon arrived early this year[^"]*" \/>/,
  );
  expect(html).toMatch(
    new RegExp(`<meta property="og:url" content="http://127\\.0\\.0\\.1:\\d+/news/${newsId}" />`),
  );
  expect(html).toContain('<meta property="og:type" content="article" />');

  // A reader whose browser prefers Hindi sees the Hindi title, marked as Hindi.
  const hindiReader = await openAs(browser, baseURL ?? "", "phone", "hi");
  await hindiReader.page.goto(`/news/${newsId}`);
  await expect(
    hindiReader.page.getByRole("heading", { level: 1, name: hindiTitle }),
  ).toHaveAttribute("lang", "hi");
  await hindiReader.context.close();

  // The admin deletes it with the spec's confirmation; the visitor then finds it gone.
  await adminPage.getByRole("button", { name: `Delete "${title}"` }).click();
  await expect(
    adminPage.getByText(
      `Are you sure you want to delete the news entry: "${title}"? This action cannot be undone.`,
    ),
  ).toBeVisible();
  await adminPage.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(adminPage.getByText("News Entry Deleted")).toBeVisible();
  await expect(adminPage.getByRole("cell", { name: title, exact: true })).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
  await visitor.getByRole("link", { name: "Back to All News" }).click();
  await expect(visitor).toHaveURL(/\/news$/);
});

test("a student edits their profile with a photo, and the dashboard shows it", async ({
  page,
  loginAs,
}) => {
  await page.goto("/student/profile");
  await expect(page.getByText("Please log in to view your profile.")).toBeVisible();
  await page.getByRole("link", { name: "Login" }).last().click();
  await expect(page).toHaveURL(/\/login$/);

  const { page: studentPage, user: student } = await loginAs("student", {
    fullName: "Rohan Verma",
  });
  await studentPage.goto("/student/dashboard");
  await studentPage.getByRole("link", { name: "Edit Profile" }).click();
  await expect(studentPage.getByRole("heading", { name: "My Profile" })).toBeVisible();
  await expect(studentPage.getByLabel("Email (Cannot be changed)")).toBeDisabled();
  await expect(studentPage.getByLabel("Email (Cannot be changed)")).toHaveValue(student.email);

  await studentPage.getByLabel("Full Name").fill("");
  await studentPage.getByRole("button", { name: "Save Changes" }).click();
  await expect(studentPage.getByText("Full name is required.")).toBeVisible();

  await studentPage.getByLabel("Full Name").fill("Rohan K. Verma");
  await studentPage.getByLabel("Mobile Number").fill("9876501234");
  await studentPage.getByLabel("Address").fill("14 Residency Road, Bengaluru");
  await studentPage.getByLabel("Date of Birth").fill("2001-01-26");
  await studentPage.getByLabel("Profile Photo").setInputFiles({
    name: "portrait.png",
    mimeType: "image/png",
    buffer: await makePng(800, 600, "#b91c1c"),
  });
  await studentPage.getByRole("button", { name: "Save Changes" }).click();
  await expect(studentPage.getByText("Profile Updated")).toBeVisible();
  await expect(studentPage.getByText("Your profile information has been saved.")).toBeVisible();

  await studentPage.reload();
  await expect(studentPage.getByLabel("Full Name")).toHaveValue("Rohan K. Verma");
  await expect(studentPage.getByLabel("Date of Birth")).toHaveValue("2001-01-26");
  await studentPage.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(studentPage).toHaveURL(/\/student\/dashboard$/);
  await expect(
    studentPage.getByRole("heading", { name: "Welcome back, Rohan K. Verma!" }),
  ).toBeVisible();
  const avatar = studentPage.locator('img[src^="/storage/profile_photos/"]');
  await expect(avatar).toHaveAttribute("src", /\/storage\/profile_photos\/[^/]+\/[^/]+-\d+\.webp$/);
  await imageLoaded(studentPage, 'img[src^="/storage/profile_photos/"]');
});

test(
  "an admin turns maintenance mode on, a student sees the maintenance page, the admin turns it off",
  SITE_WIDE,
  async ({ browser, baseURL, loginAs }) => {
    const { page: adminPage } = await loginAs("admin");
    const { user: student } = await loginAs("student", { fullName: "Kiran Das" });
    const toggleMaintenance = async (on: boolean) => {
      await adminPage.goto("/admin/settings");
      const toggle = adminPage.getByRole("switch", { name: "Maintenance Mode" });
      await expect(toggle).toHaveAccessibleDescription(
        "Temporarily disable access for non-admin users.",
      );
      if ((await toggle.getAttribute("aria-checked")) !== String(on)) await toggle.click();
      await adminPage.getByRole("button", { name: "Save Settings" }).click();
      await expect(adminPage.getByText("Settings Saved")).toBeVisible();
    };

    try {
      await toggleMaintenance(true);

      // Visitors and students get the maintenance page; the server refuses their API calls.
      const studentContext = await browser.newContext();
      const studentPage = await studentContext.newPage();
      await studentPage.goto("/news");
      await expect(studentPage.getByRole("heading", { name: "Under Maintenance" })).toBeVisible();
      const blocked = await studentPage.request.get("/api/news");
      expect(blocked.status()).toBe(503);
      expect((await blocked.json()).error.code).toBe("MAINTENANCE");

      await studentPage.goto("/login");
      await expect(
        studentPage.getByText(
          "The site is under maintenance. Only administrators can log in right now.",
        ),
      ).toBeVisible();
      await logIn(studentPage, student.email, student.password);
      await expect(studentPage).toHaveURL(/\/student\/dashboard$/);
      await expect(studentPage.getByRole("heading", { name: "Under Maintenance" })).toBeVisible();

      // The admin still works normally.
      await adminPage.goto("/admin/daily-news");
      await expect(adminPage.getByRole("heading", { name: "Manage Daily News" })).toBeVisible();
      await expect(adminPage.getByRole("heading", { name: "Under Maintenance" })).toHaveCount(0);

      await toggleMaintenance(false);
      await studentPage.reload();
      await expect(
        studentPage.getByRole("heading", { name: "Welcome back, Kiran Das!" }),
      ).toBeVisible();
    } finally {
      await adminPage.request.put("/api/settings", {
        headers: { origin: baseURL ?? "" },
        data: {
          appTitle: "My Exam App",
          contactEmail: "contact@example.com",
          maintenanceMode: false,
          examName: "UPSC IAS",
          examDate: "2025-05-25",
        },
      });
    }
  },
);
