import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type Request,
} from "@playwright/test";

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
  trackRequests(context);
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
  // Legacy mode: axe.run() in the page (frames included, as axe handles them), not runPartial in
  // each frame plus finishRun in a new blank page, which cost ~1.2 s a check on this machine
  // against 0.1-0.3 s for the run itself (decision 038). Only violations are collected in full.
  let builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary}`),
    );
}

const inFlight = new WeakMap<BrowserContext, Set<Request>>();

/**
 * Counts a context's requests still under way, so `settle` can wait for none instead of for
 * Playwright's "networkidle" (500 ms of quiet, a real timer, on every page: decision 038). The
 * fixtures' contexts and `openAs` track theirs.
 */
export function trackRequests(context: BrowserContext) {
  if (inFlight.has(context)) return;
  const pending = new Set<Request>();
  inFlight.set(context, pending);
  context.on("request", (request) => pending.add(request));
  context.on("requestfinished", (request) => pending.delete(request));
  context.on("requestfailed", (request) => pending.delete(request));
}

/** Waits until the page has its h1, no request is under way and nothing says it is loading. */
export async function settle(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
  const pending = inFlight.get(page.context());
  if (pending) {
    // Two animation frames first, so requests an effect starts after the render are counted.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect.poll(() => pending.size).toBe(0);
  } else {
    await page.waitForLoadState("networkidle");
  }
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
