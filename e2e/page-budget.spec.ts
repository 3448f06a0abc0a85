import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { DEMO_NEWS } from "../src/server/seed/demo-content.ts";
import { DEMO_SAMPLES } from "./demo-samples.ts";
import { expect, test } from "./fixtures.ts";

// The page budget (decisions 054-056): what does not depend on timing, held on every run. The
// lighthouse figures (scores, LCP, TBT) are a bench (`npm run bench:lighthouse`), not a test.

/**
 * Initial JavaScript a public page may load, gzip-compressed at level 9 (the build ships .gz and
 * .br copies of each file; brotli is smaller still). Set from the measurement when the pages were
 * first rendered on the server (decision 046): 207-236 KB across these pages, the largest the home
 * page for a visitor (its sample questions and plans).
 */
const JS_BUDGET_GZIP_BYTES = 245 * 1024;

const PAGES = [
  { path: "/", heading: /UPSC preparation/ },
  { path: "/news", heading: /^Daily News Analysis$/ },
  { path: `/news/${DEMO_SAMPLES.news}`, heading: new RegExp(`^${DEMO_NEWS[0]?.title}$`) },
  { path: "/courses", heading: /^Courses$/ },
  { path: "/terms", heading: /^Terms of Service$/ },
  { path: "/login", heading: /^Login$/ },
];

/** The page's first h1 in server HTML, as text. */
function firstHeading(html: string): string | null {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? (match[1] ?? "").replace(/<[^>]+>/g, "").trim() : null;
}

/** Loads `path` cold and reports its API requests, its scripts' gzip bytes and its errors. */
async function coldLoad(page: Page, path: string) {
  const apiRequests: string[] = [];
  const stylesheets: string[] = [];
  const scripts: Promise<number>[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) apiRequests.push(request.url());
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") {
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    }
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path, { waitUntil: "load" });
  const requestsAtLoad = [...apiRequests];
  await page.waitForLoadState("networkidle");
  const jsBytes = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
  return { requestsAtLoad, jsBytes, errors, stylesheets };
}

for (const { path, heading } of PAGES) {
  test(`${path}: the content is in the HTML, no API waterfall, JS within budget`, async ({
    browser,
    baseURL,
    request,
  }) => {
    // The server's HTML holds the page's main text (readable before any script runs).
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("Loading Application...");
    expect(firstHeading(html)).toMatch(heading);
    // The app's script does not take the bandwidth from the page's HTML and stylesheet on a slow
    // link: it is fetched at low priority, after the document is parsed (decision 055).
    expect(html).toMatch(
      /<script type="module" crossorigin fetchpriority="low" src="\/assets\/index-[^"]+\.js">/,
    );

    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { requestsAtLoad, jsBytes, errors, stylesheets } = await coldLoad(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    // The viewer, the settings and the page's data came with the HTML: at most one request.
    expect(requestsAtLoad.length, requestsAtLoad.join("\n")).toBeLessThanOrEqual(1);
    expect(jsBytes).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
    // Its styles came inline, and the app's code did not fetch and apply them again once it had
    // taken the page over (decision 056).
    expect(stylesheets).toEqual([]);
    // The browser took the server's HTML over without a mismatch (React reports one as an error).
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("a signed-in page's first render needs no request for the viewer or the settings", async ({
  loginAs,
}) => {
  const { page } = await loginAs("student");
  const requests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) requests.push(new URL(r.url()).pathname);
  });
  await page.goto("/student/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome back");
  await page.waitForLoadState("networkidle");
  expect(requests).not.toContain("/api/account/me");
  expect(requests).not.toContain("/api/settings/public");
  // The live tests' cards came with the page, beside the figures (decision 047).
  expect(requests).not.toContain("/api/live-tests");
});

test("an exam's start screen ships the runner once it is idle, and nothing from the admin side", async ({
  loginAs,
}) => {
  const { page } = await loginAs("student");
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/exam/${DEMO_SAMPLES.exam}`);
  await expect(page.getByRole("button", { name: "Start Exam" })).toBeEnabled();
  // The runner's code is not part of the start screen's own chunks (a phone hydrates without it)
  // but arrives before the student can need it: Start waits for it (attempt-page.tsx).
  await expect.poll(() => scripts.some((s) => /\/attempt-runner-[^/]+\.js$/.test(s))).toBe(true);
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((s) => /admin/i.test(s))).toEqual([]);
});
