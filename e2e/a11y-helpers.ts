import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type Request,
} from "@playwright/test";
import { DEMO_SAMPLES } from "./demo-samples.ts";

export const WIDTHS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
} as const;
export type Width = keyof typeof WIDTHS;

export const SCREENS_DIR = ".reports/screens";

/**
 * Runs `check` on the page as it is at phone width, then again at desktop width, and leaves the
 * page at phone width: one visit serves both widths (decision 038). The page's context is the
 * phone's (touch, a coarse pointer), so the touch-target check runs at phone width; at 1280 px
 * the app lays itself out as on a desktop (its breakpoints are widths), and axe reads that layout.
 */
export async function atEachWidth(
  page: Page,
  check: (width: Width) => Promise<void>,
  widths: readonly Width[] = ["phone", "desktop"],
) {
  for (const width of widths) {
    await resizeTo(page, width);
    await check(width);
  }
  await resizeTo(page, "phone");
}

async function resizeTo(page: Page, width: Width) {
  const { viewport } = WIDTHS[width];
  const size = page.viewportSize();
  if (size?.width === viewport.width && size.height === viewport.height) return;
  await page.setViewportSize(viewport);
  // Two animation frames, so layout and any effect the resize set off have run.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

/**
 * A page wider than the phone's screen: the phone's browser zooms the whole page out to fit it,
 * so every text shrinks (found by the both-widths pass: a long exam name in a filter).
 */
export async function widerThanPhone(page: Page): Promise<string[]> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const phone = WIDTHS.phone.viewport.width;
  return width > phone ? [`the page is ${width} px wide on a ${phone} px phone`] : [];
}

/** A visitor's browser context at this width, in the browser's language `language`. */
export async function openAs(
  browser: Browser,
  baseURL: string,
  width: Width,
  language: "en" | "hi" = "en",
) {
  const locale = language === "hi" ? "hi-IN" : "en-US";
  const context = await browser.newContext({ ...WIDTHS[width], baseURL, locale });
  trackRequests(context);
  return { context, page: await context.newPage() };
}

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * Serious and critical axe findings on the page as it is now, as readable lines. axe is put into
 * the document once and run there again for each check (legacy mode, frames included, as axe
 * handles them): injecting its 0.5 MB source cost more than the run itself on this machine
 * (decision 038), and the passes below check many pages in one document (`visit`).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (context) => {
    type Result = {
      violations: {
        id: string;
        impact?: string | null;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<Result> } })
      .axe;
    // Colours still changing (a button turning from "Register" to "Registered" fades over
    // 150 ms) are measured once they have settled: axe read one mid-way as 3.94:1.
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const results = await axe.run(context ?? document, { resultTypes: ["violations"] });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) =>
        v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")} — ${n.failureSummary}`),
      );
  }, include ?? null);
}

/**
 * Opens `url` in the app already loaded in `page`, without loading the page again: the router
 * follows a history entry pushed with a popstate, as after Back. The first call (a blank page)
 * loads it. Waits until the new route has rendered (the title changed, or an h1 that was not
 * there before) and settled, and fails if it never does, so a check never runs on the old page.
 * The old page's toasts are closed first.
 */
/**
 * Closes the page's toasts, as a reader would, and waits until they are gone: a check never
 * measures one fading in or out (axe reads a half-transparent text as low contrast).
 */
export async function closeToasts(page: Page) {
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>(
      "[data-sonner-toast] button[data-close-button]",
    )) {
      button.click();
    }
  });
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

export async function visit(page: Page, url: string) {
  if (!page.url().startsWith("http")) {
    await page.goto(url);
    await settle(page);
    return;
  }
  // Toasts belong to the page that raised them: close them, as a reader would, so a check of
  // the next page never measures one still fading out over it.
  await closeToasts(page);
  const before = await page.evaluate((target) => {
    for (const h1 of document.querySelectorAll("h1")) h1.setAttribute("data-e2e-before", "");
    const title = document.title;
    window.history.pushState(null, "", target);
    window.dispatchEvent(new PopStateEvent("popstate"));
    return title;
  }, url);
  await expect
    .poll(
      () =>
        page.evaluate(
          (title) =>
            document.title !== title ||
            document.querySelector("h1:not([data-e2e-before])") !== null,
          before,
        ),
      { intervals: POLL_INTERVALS },
    )
    .toBe(true);
  await settle(page);
}

/**
 * How often `visit` and `settle` look again: every 20 ms, not expect.poll's default 100, 250,
 * 500 then 1,000 ms, which kept a page that was ready after 300 ms waiting until 850 ms, on
 * every one of the passes' few hundred pages. Each look is one cheap evaluate.
 */
const POLL_INTERVALS = [20];

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// The Hindi catalog's files, read as data (src/shared/i18n/hi/index.ts imports them as modules).
const HINDI_DIR = "src/shared/i18n/hi";
const HINDI: Record<string, string> = Object.assign(
  {},
  ...readdirSync(HINDI_DIR)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(`${HINDI_DIR}/${name}`, "utf8"))),
);
/** "Loading…" lines in either language (the Hindi catalog's translations of them). */
const LOADING = new RegExp(
  `^(Loading${Object.entries(HINDI)
    .filter(([key]) => key.startsWith("Loading"))
    .map(([, hindi]) => `|${escapeRegExp(hindi.replace(/\.+$/, ""))}`)
    .join("")})`,
);

/**
 * Waits until the page shows `visible` (its h1 unless told), no request is under way and nothing
 * says it is loading.
 */
export async function settle(page: Page, visible = "h1") {
  await expect(page.locator(visible).first()).toBeVisible();
  const pending = inFlight.get(page.context());
  if (pending) {
    // Two animation frames first, so requests an effect starts after the render are counted.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect.poll(() => pending.size, { intervals: POLL_INTERVALS }).toBe(0);
  } else {
    await page.waitForLoadState("networkidle");
  }
  await expect(page.getByText(LOADING).filter({ visible: true })).toHaveCount(0);
  // Colour transitions finished (a button just pressed fades to its new colours): axe reads the
  // colours as drawn, and half-way they can fail contrast. Endless animations (spinners) aside.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Saves a screenshot to look at, when the run was asked for them (`npm run test:screens` sets
 * E2E_SCREENSHOTS=1): they assert nothing, and saving them cost an eighth of the axe passes'
 * time in `npm test` (decision 038). Whole pages are saved full length; an open dialog as the
 * viewport shows it.
 */
export async function screenshot(page: Page, name: string, width: Width, fullPage = true) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage });
}

/**
 * Real ids for the catalog's sample URLs: a free exam, a demo article, a quiz, an attempt, a
 * practice test and a revision session of the student's own.
 */
export async function sampleIds(request: APIRequestContext, baseURL: string) {
  const { exam, news, quiz } = DEMO_SAMPLES;
  const started = await request.post(`/api/exams/${exam}/attempts`, {
    headers: { origin: baseURL },
  });
  expect(started.ok()).toBe(true);
  const attempt = (await started.json()).attempt.id as string;
  const submitted = await request.post(`/api/attempts/${attempt}/submit`, {
    headers: { origin: baseURL },
  });
  expect(submitted.ok()).toBe(true);
  // A practice test of the signed-in student's own (the builder's defaults, 5 questions).
  const built = await request.post("/api/practice", {
    headers: { origin: baseURL },
    data: { questionCount: 5 },
  });
  expect(built.ok()).toBe(true);
  const practice = (await built.json()).id as string;
  // The submitted exam's questions were all left blank: they are due for revision today. Only
  // a student has a notebook (an admin's pass visits no student route).
  const session = await request.post("/api/revision/sessions", { headers: { origin: baseURL } });
  const revision = session.ok() ? ((await session.json()).id as string) : "";
  return { exam, news, quiz, attempt, practice, revision };
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
