import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";

export const WIDTHS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
} as const;
export type Width = keyof typeof WIDTHS;

export const SCREENS_DIR = ".reports/screens";

/** A browser context at this width, signed in when credentials are given. */
export async function openAs(
  browser: Browser,
  baseURL: string,
  width: Width,
  account?: { email: string; password: string },
) {
  const context = await browser.newContext({ ...WIDTHS[width], baseURL });
  if (account) {
    const response = await context.request.post("/api/auth/sign-in/email", {
      headers: { origin: baseURL },
      data: { email: account.email, password: account.password },
    });
    expect(response.status()).toBe(200);
  }
  return { context, page: await context.newPage() };
}

/** Serious and critical axe findings on the page as it is now, as readable lines. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary}`),
    );
}

/** Waits until the page has its h1 and nothing is still loading. */
export async function settle(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/^Loading/).filter({ visible: true })).toHaveCount(0);
}

/** Whole pages are saved full length; an open dialog as the viewport shows it. */
export async function screenshot(page: Page, name: string, width: Width, fullPage = true) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage });
}

/** Real ids for the catalog's sample URLs: a free exam, a news article, a quiz, an attempt. */
export async function sampleIds(request: APIRequestContext, baseURL: string) {
  const mocks: { id: string; isFree: boolean }[] = await (
    await request.get("/api/home/mock-tests")
  ).json();
  const exam = mocks.find((m) => m.isFree)?.id;
  const news = (await (await request.get("/api/news?page=1&pageSize=1")).json()).items[0]?.id;
  const quiz = (await (await request.get("/api/home/quizzes")).json())[0]?.id;
  if (!exam || !news || !quiz) throw new Error("demo content is missing");
  const started = await request.post(`/api/exams/${exam}/attempts`, {
    headers: { origin: baseURL },
  });
  expect(started.ok()).toBe(true);
  const attempt = (await started.json()).attempt.id as string;
  const submitted = await request.post(`/api/attempts/${attempt}/submit`, {
    headers: { origin: baseURL },
  });
  expect(submitted.ok()).toBe(true);
  return { exam, news, quiz, attempt };
}

export function fillSample(sample: string, ids: Record<string, string>) {
  return sample.replace(/\{(\w+)\}/g, (_, key: string) => {
    const id = ids[key];
    if (!id) throw new Error(`no sample id for {${key}}`);
    return id;
  });
}

/**
 * Controls smaller than 44 px on a touch screen (buttons, chips, selects, inputs, block links).
 * Inline text links are exempt (WCAG 2.5.5's inline exception), as are switches and hidden or
 * visually hidden elements.
 */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (!matchMedia("(pointer: coarse)").matches) return ["(pointer: coarse) does not match"];
    const selector =
      'button:not([role="switch"]), select, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), [role="button"], a[href]';
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(element);
      if (style.display === "inline" || style.visibility === "hidden") continue;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      const isButton = element.matches('button, [role="button"]');
      if (rect.height < 44 || (isButton && rect.width < 44)) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim();
        found.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(rect.width)}x${Math.round(rect.height)}`,
        );
      }
    }
    return found;
  });
}
