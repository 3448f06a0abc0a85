import type { Page } from "@playwright/test";
import { type CatalogRoute, ROUTE_CATALOG } from "../src/shared/route-catalog.ts";
import {
  atEachWidth,
  fillSample,
  openAs,
  sampleIds,
  screenshot,
  seriousViolations,
  smallTouchTargets,
  visit,
  WIDTHS,
  widerThanPhone,
} from "./a11y-helpers.ts";
import { expect, test } from "./fixtures.ts";

// Every route of the catalog, at phone and desktop width, as the role that can open it: axe must
// find nothing serious or critical. The main pages are also saved as screenshots to look at.
const SCREENSHOTS = new Set([
  "/",
  "/login",
  "/register",
  "/news",
  "/news/:newsId",
  "/student/dashboard",
  "/student/exams",
  "/results",
  "/results/:attemptId",
  "/exam/:examId",
  "/quiz/:quizId/attempt",
  "/student/profile",
  "/admin/dashboard",
  "/admin/exams",
  "/admin/categories",
  "/admin/questions",
  "/admin/results",
  "/admin/daily-news",
  "/admin/settings",
  "*",
]);

const screenName = (path: string) =>
  path === "/"
    ? "home"
    : path === "*"
      ? "not-found"
      : path
          .replace(/^\//, "")
          .replace(/\/:\w+/g, "-detail")
          .replace(/\//g, "-");

type Role = "visitor" | "student" | "admin";
const routesFor = (role: Role): CatalogRoute[] =>
  ROUTE_CATALOG.filter(
    (r) =>
      r.sample !== null &&
      (role === "visitor"
        ? r.access === "public"
        : role === "student"
          ? r.access === "student" || r.access === "signed-in"
          : r.access === "admin"),
  );

type Language = "en" | "hi";

async function checkRoutes(
  page: Page,
  routes: CatalogRoute[],
  ids: Record<string, string>,
  language: Language,
) {
  const findings: string[] = [];
  for (const route of routes) {
    await visit(page, fillSample(route.sample ?? "", ids));
    await expect(page).toHaveTitle(/^.+ · .+$/);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    // Hindi is checked where its longer words break a layout first, the phone; at desktop width
    // too for the main pages (their screenshots). English is checked at both widths everywhere.
    const widths =
      language === "en" || SCREENSHOTS.has(route.path)
        ? (["phone", "desktop"] as const)
        : (["phone"] as const);
    await atEachWidth(
      page,
      async (width) => {
        for (const line of await seriousViolations(page))
          findings.push(`${route.path} (${width}): ${line}`);
        if (width === "phone") {
          for (const line of await smallTouchTargets(page))
            findings.push(`${route.path}: small ${line}`);
          for (const line of await widerThanPhone(page)) findings.push(`${route.path}: ${line}`);
        }
        if (SCREENSHOTS.has(route.path)) {
          const name = screenName(route.path);
          await screenshot(page, language === "en" ? name : `${name}-${language}`, width);
        }
      },
      widths,
    );
  }
  expect(findings, findings.join("\n")).toEqual([]);
}

test("the axe check reports a serious finding (so a clean pass means something)", async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><body><main><h1>Check</h1><img src="/favicon.svg"><button></button></main></body></html>',
  );
  const findings = await seriousViolations(page);
  expect(findings.some((line) => line.startsWith("image-alt (critical)"))).toBe(true);
  expect(findings.some((line) => line.startsWith("button-name (critical)"))).toBe(true);
  // And a page wider than the phone is found.
  await page.setViewportSize(WIDTHS.phone.viewport);
  expect(await widerThanPhone(page)).toEqual([]);
  await page.setContent(
    '<html lang="en"><body style="margin: 0"><div style="width: 500px">Wide</div></body></html>',
  );
  expect(await widerThanPhone(page)).toEqual(["the page is 500 px wide on a 390 px phone"]);
});

// Each role's pages in one document (`visit` moves through them as the router does, decision
// 038), each page checked at phone and then desktop width (`atEachWidth`), in both languages
// (Hindi at the phone's width, and at desktop width for the main pages).
// Hindi readers get an account whose remembered language is Hindi (a visitor: a browser that
// prefers Hindi).
for (const language of ["en", "hi"] as const) {
  test.describe(`accessibility in ${language}`, () => {
    test.describe.configure({ timeout: 400_000 });
    const signIn = { context: WIDTHS.phone, language };

    test("public pages", async ({ browser, baseURL, loginAs }) => {
      const base = baseURL ?? "";
      const { context } = await loginAs("student", { context: WIDTHS.phone });
      const ids = await sampleIds(context.request, base);
      await context.close();
      const visitor = await openAs(browser, base, "phone", language);
      await checkRoutes(visitor.page, routesFor("visitor"), ids, language);
      await visitor.context.close();
    });

    test("student pages", async ({ baseURL, loginAs }) => {
      const { context, page } = await loginAs("student", signIn);
      const ids = await sampleIds(context.request, baseURL ?? "");
      await checkRoutes(page, routesFor("student"), ids, language);
      await context.close();
    });

    test("admin pages", async ({ baseURL, loginAs }) => {
      const { context, page } = await loginAs("admin", signIn);
      // The question analysis pages take an exam's and a quiz's id.
      const ids = await sampleIds(context.request, baseURL ?? "");
      await checkRoutes(page, routesFor("admin"), ids, language);
      await context.close();
    });
  });
}
