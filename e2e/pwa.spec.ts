import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { BrowserContext, Page } from "@playwright/test";
import { seriousViolations, WIDTHS } from "./a11y-helpers.ts";
import { apiAs, createExamWithApi, type ExamQuestion } from "./api-setup.ts";
import { expect, runAdmin, test } from "./fixtures.ts";

// The installable app (decision 045). The manifest and the worker's headers; an
// article and a note read offline, with nothing personal in the worker's caches; a new version
// that never reloads an open exam while other pages offer "Reload to update"; and the install
// offer, once, on the second visit. The only journey with the service worker allowed.

/** A phone, with the service worker this journey is about. */
const PHONE = { ...WIDTHS.phone, serviceWorkers: "allow" } as const;

const QUESTIONS: ExamQuestion[] = [
  {
    // Worded apart from the exams journey's question, which it finds by its text in the bank.
    questionText: "Which Article of the Constitution ends untouchability?",
    options: { A: "Article 14", B: "Article 17", C: "Article 21", D: "Article 32" },
    correctAnswer: "B",
  },
  {
    questionText: "Who wrote the national anthem?",
    options: { A: "Bankim", B: "Nehru", C: "Tagore", D: "Iqbal" },
    correctAnswer: "C",
  },
];

async function setUpContent(baseURL: string, suffix: string) {
  const admin = runAdmin();
  const api = await apiAs(baseURL, admin.email, admin.password);
  const articleTitle = `Monsoon session ends ${suffix}`;
  const article = await api.post("/api/news", {
    data: {
      title: articleTitle,
      content: `<p>Parliament passed eleven bills in the session ${suffix}.</p>`,
      excerpt: "",
      publishedDate: new Date().toISOString().slice(0, 10),
    },
  });
  expect(article.status()).toBe(201);
  const subjects = (await (await api.get("/api/subjects")).json()) as { id: string }[];
  const noteTitle = `Fundamental duties ${suffix}`;
  const note = await api.post("/api/admin/notes", {
    multipart: {
      data: JSON.stringify({
        title: noteTitle,
        body: `<p>Article 51A lists the duties of every citizen ${suffix}.</p>`,
        subjectId: subjects[0]?.id,
        isFree: true,
        publishedAt: new Date(Date.now() - 86_400_000).toISOString(),
      }),
    },
  });
  expect(note.status()).toBe(201);
  const exam = await createExamWithApi(api, {
    categoryName: `Offline category ${suffix}`,
    title: `Polity drill ${suffix}`,
    timeLimitMinutes: 10,
    passingMarks: 50,
    questions: QUESTIONS,
  });
  return {
    api,
    article: { id: ((await article.json()) as { id: string }).id, title: articleTitle },
    note: { id: ((await note.json()) as { id: string }).id, title: noteTitle },
    exam: { id: exam.id, title: `Polity drill ${suffix}` },
  };
}

/** Until the worker controls the page (it takes over a page that had none at once). */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

type CachedEntry = { cache: string; path: string; body: string };

/** Everything in every cache of the page's origin, with text bodies (binary ones as ""). */
async function cachedEntries(page: Page): Promise<CachedEntry[]> {
  return page.evaluate(async () => {
    const entries: { cache: string; path: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get("content-type") ?? "";
        const body = /json|html|javascript|css|svg/.test(type) ? await response!.text() : "";
        entries.push({ cache: name, path: new URL(request.url).pathname, body });
      }
    }
    return entries;
  });
}

/** The API answers the worker may keep (src/web/lib/offline-policy.ts), spelled out again. */
const ALLOWED_API = [
  /^\/api\/news\/[A-Za-z0-9_-]+$/,
  /^\/api\/notes\/[A-Za-z0-9_-]+$/,
  /^\/api\/settings\/public$/,
];

async function startExam(page: Page, exam: { id: string; title: string }) {
  await page.goto(`/exam/${exam.id}`);
  await expect(page.getByRole("heading", { name: exam.title, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Start Exam" }).click();
  await expect(page.getByText(`Question 1 of ${QUESTIONS.length}`)).toBeVisible();
}

test("the manifest, the worker's headers and the icons make the app installable", async ({
  request,
}) => {
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#1d4ed8",
    background_color: "#f1f5f9",
  });
  expect(manifest.name).toBeTruthy();
  const purposes = (manifest.icons as { purpose: string; sizes: string }[]).map(
    (icon) => `${icon.purpose} ${icon.sizes}`,
  );
  expect(purposes).toEqual(
    expect.arrayContaining(["any 192x192", "any 512x512", "maskable 512x512"]),
  );
  for (const icon of manifest.icons as { src: string }[]) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()["content-type"], icon.src).toBe("image/png");
  }
  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  const page = await request.get("/");
  expect(page.headers()["content-security-policy"]).toContain("worker-src 'self'");
  const html = await page.text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  expect(html).toContain('<meta name="theme-color" content="#1d4ed8" />');
});

test("a student reads an opened article and note offline; no personal data is cached; sign-out forgets the note", async ({
  loginAs,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
  const suffix = Date.now().toString(36);
  const { article, note, exam } = await setUpContent(baseURL, suffix);
  const fullName = `Offline Reader ${suffix}`;
  const { page, context, user } = await loginAs("student", { fullName, context: PHONE });

  // Online: the article, then (once the worker controls the page) again, so its answer is kept.
  await page.goto(`/news/${article.id}`);
  await expect(page.getByRole("heading", { name: article.title, level: 1 })).toBeVisible();
  await controlledByWorker(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: article.title, level: 1 })).toBeVisible();
  await page.goto(`/student/study-materials/notes/${note.id}`);
  await expect(page.getByRole("heading", { name: note.title, level: 1 })).toBeVisible();

  // A signed-in journey through personal and answer data: dashboard, profile, an exam, its result.
  await page.goto("/student/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/student/profile");
  await expect(page.getByLabel("Full Name")).toHaveValue(fullName);
  await startExam(page, exam);
  await page.getByLabel(/^B\. Article 17/).check();
  await expect(page.getByText("All answers saved")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/^C\. Tagore/).check();
  await expect(page.getByText("All answers saved")).toBeVisible();
  await page.getByRole("button", { name: "Submit Exam" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Exam" }).click();
  await expect(page.getByText("Your score: 100.00%")).toBeVisible();
  await page.goto("/results");
  await expect(page.getByText(exam.title).first()).toBeVisible();

  // Every cached URL: the build's files, and of the API only the allow-list. No body holds the
  // student's name or email, nor anything of the exam they took (its questions).
  // The service worker writes its cache after answering the page: on a busy machine the last
  // write may land a moment later, so wait for both reads to be in it before reading it all.
  await expect
    .poll(async () => (await cachedEntries(page)).map((entry) => entry.path))
    .toEqual(expect.arrayContaining([`/api/news/${article.id}`, `/api/notes/${note.id}`]));
  const entries = await cachedEntries(page);
  const paths = entries.map((entry) => entry.path);
  expect(paths).toContain(`/api/news/${article.id}`);
  expect(paths).toContain(`/api/notes/${note.id}`);
  const api = paths.filter((path) => path.startsWith("/api/"));
  expect(api.filter((path) => !ALLOWED_API.some((allowed) => allowed.test(path)))).toEqual([]);
  const pages = paths.filter((path) => !path.startsWith("/api/") && !path.startsWith("/assets/"));
  // Of the pages' HTML, only the built shell: never a page as served to this student.
  expect(pages.filter((path) => path.endsWith(".html") || !path.includes("."))).toEqual([
    "/index.html",
  ]);
  for (const entry of entries) {
    expect(entry.body, `${entry.cache} ${entry.path}`).not.toContain(user.email);
    expect(entry.body, `${entry.cache} ${entry.path}`).not.toContain(fullName);
    for (const question of QUESTIONS) {
      expect(entry.body, `${entry.cache} ${entry.path}`).not.toContain(question.questionText);
    }
  }

  // Offline: the note reloads from the shell and its saved answer; the article opens too.
  await context.setOffline(true);
  await page.goto(`/student/study-materials/notes/${note.id}`);
  await expect(page.getByRole("heading", { name: note.title, level: 1 })).toBeVisible();
  await expect(
    page.getByText(`Article 51A lists the duties of every citizen ${suffix}.`),
  ).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Offline" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole("heading", { name: note.title, level: 1 })).toBeVisible();
  await page.goto(`/news/${article.id}`);
  await expect(page.getByRole("heading", { name: article.title, level: 1 })).toBeVisible();
  await expect(
    page.getByText(`Parliament passed eleven bills in the session ${suffix}.`),
  ).toBeVisible();

  // A page that needs the network: the offline page, listing what can be read.
  await page.goto("/student/dashboard");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: note.title })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // In the reader's language: the worker reads the app's `lang` cookie.
  await context.addCookies([{ name: "lang", value: "hi", url: baseURL }]);
  await page.reload();
  await expect(page.getByRole("heading", { name: "आप ऑफ़लाइन हैं", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: article.title }).click();
  await expect(page.getByRole("heading", { name: article.title, level: 1 })).toBeVisible();

  // Back online, signing out forgets the note; the public article stays.
  await context.setOffline(false);
  await page.goto("/student/dashboard");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const after = (await cachedEntries(page)).map((entry) => entry.path);
  expect(after).not.toContain(`/api/notes/${note.id}`);
  expect(after).toContain(`/api/news/${article.id}`);
});

/** The built worker the test server sends, with the copies it sends compressed. */
const WORKER_FILES = ["dist/client/sw.js", "dist/client/sw.js.br", "dist/client/sw.js.gz"];

/**
 * A deploy of a new worker: the served sw.js gets other bytes (and its compressed copies with
 * it), as a new build's would. Chromium fetches a worker's updates itself, out of Playwright's
 * reach (a routed sw.js is never seen by the update check), so the file itself changes; the
 * returned function puts the build's own back.
 */
function deployNewWorker(): () => void {
  const saved = WORKER_FILES.map((file) => (existsSync(file) ? readFileSync(file) : null));
  const [plain] = saved;
  if (!plain) throw new Error("no client build: run vite build first");
  const next = Buffer.concat([plain, Buffer.from("\n// the next build\n")]);
  writeFileSync(WORKER_FILES[0]!, next);
  writeFileSync(WORKER_FILES[1]!, brotliCompressSync(next));
  writeFileSync(WORKER_FILES[2]!, gzipSync(next));
  return () =>
    WORKER_FILES.forEach((file, index) => {
      const content = saved[index];
      if (content) writeFileSync(file, content);
      else rmSync(file, { force: true });
    });
}

test("a new version never reloads an open exam; other pages offer Reload to update", async ({
  loginAs,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
  const suffix = Date.now().toString(36);
  const { exam } = await setUpContent(baseURL, suffix);
  const { page: news, context } = await loginAs("student", { context: PHONE });
  await news.goto("/news");
  await controlledByWorker(news);
  const examPage = await context.newPage();
  await startExam(examPage, exam);
  await controlledByWorker(examPage);
  // Markers that a reload would wipe.
  for (const tab of [news, examPage]) {
    await tab.evaluate(() => Object.assign(window, { e2eSamePage: true }));
  }

  // The browser looks for a new worker on a visit, and the app when a tab comes back into view:
  // here, right after the deploy.
  const undeploy = deployNewWorker();
  try {
    const lookForUpdate = (page: Page) =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
        return registration?.waiting !== null;
      });
    await lookForUpdate(news);
    const reload = news.getByRole("button", { name: "Reload to update" });
    await expect(reload).toBeVisible();
    await expect(news.getByText("A new version of the app is ready.")).toBeVisible();
    expect(await seriousViolations(news)).toEqual([]);
    // The exam: nothing offered, nothing reloaded, answers still saved.
    await examPage.getByLabel(/^B\. Article 17/).check();
    await expect(examPage.getByText("All answers saved")).toBeVisible();
    await expect(examPage.getByRole("button", { name: "Reload to update" })).toHaveCount(0);
    expect(await examPage.evaluate(() => "e2eSamePage" in window)).toBe(true);

    // The news page takes the update: it reloads on the new worker, which now controls the exam
    // tab too. The exam tab stays as it was, and its answers still reach the server.
    await Promise.all([news.waitForEvent("load"), reload.click()]);
    expect(await news.evaluate(() => "e2eSamePage" in window)).toBe(false);
    await expect(news.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await lookForUpdate(news)).toBe(false);
    await expect(news.getByRole("button", { name: "Reload to update" })).toHaveCount(0);
    await examPage.getByRole("button", { name: "Next" }).click();
    await examPage.getByLabel(/^C\. Tagore/).check();
    await expect(examPage.getByText("All answers saved")).toBeVisible();
    expect(await examPage.evaluate(() => "e2eSamePage" in window)).toBe(true);
    await expect(examPage.getByText(`Question 2 of ${QUESTIONS.length}`)).toBeVisible();
    await expect(examPage.getByRole("button", { name: "Reload to update" })).toHaveCount(0);
  } finally {
    undeploy();
  }
});

/** Chromium's install event, as the browser sends it when the app can be installed. */
async function offerInstall(page: Page) {
  return page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        Object.assign(window, { e2eInstallPrompted: true });
        return { outcome: "accepted" };
      },
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

async function visit(context: BrowserContext, path: string) {
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return page;
}

test("the install offer comes once, on the second visit, never on the first", async ({
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
  const context = await browser.newContext({ ...PHONE, baseURL });
  const install = (page: Page) => page.getByRole("complementary", { name: "App notices" });

  // First visit: the browser's prompt is held back, and nothing is offered.
  const first = await visit(context, "/news");
  expect(await offerInstall(first)).toBe(true);
  await expect(install(first)).toHaveCount(0);
  await first.close();

  // Second visit (a new tab): offered once, at the student's first scroll, tap or key (never
  // while the page is arriving: it would be the page's largest paint).
  const second = await visit(context, "/news");
  expect(await offerInstall(second)).toBe(true);
  await expect(install(second)).toHaveCount(0);
  await second.mouse.wheel(0, 300);
  await expect(install(second).getByRole("heading", { name: "Install the app" })).toBeVisible();
  expect(await seriousViolations(second)).toEqual([]);
  await install(second).getByRole("button", { name: "Install" }).click();
  expect(await second.evaluate(() => "e2eInstallPrompted" in window)).toBe(true);
  await expect(install(second)).toHaveCount(0);
  await second.close();

  // Third visit: never again.
  const third = await visit(context, "/news");
  expect(await offerInstall(third)).toBe(true);
  await third.mouse.wheel(0, 300);
  await expect(install(third)).toHaveCount(0);
  await context.close();
});
