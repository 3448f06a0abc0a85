// npm run bench:lighthouse [-- --runs 3] [-- --page home] [-- --details]
// --page keeps the pages whose name contains the word; --details prints, for each run, the long
// tasks, the scripts' main-thread time (Lighthouse's long-tasks and bootup-time audits) and the
// largest paint's element and phases.
// The page budget (decisions 054-056; figures in docs/benchmarks.md): Lighthouse 12 (the npm
// package, its default mobile preset: a mid-range phone,
// 4x CPU slowdown, 1.6 Mbit/s, 150 ms) in Debian's Chromium on the built app and a fresh demo
// database. Pages: /, /news, an article, /login, and signed in as a student /student/dashboard
// and /exam/{id}. Prints per page the median of `runs` runs: performance score, FCP, LCP, TBT,
// CLS and the JavaScript bytes transferred, with Lighthouse's CPU benchmark index (a loaded
// machine shows as a lower index). Goal on a quiet machine: performance >= 95, LCP <= 1.8 s,
// TBT <= 150 ms, CLS <= 0.05. Each page is requested once, unmeasured, before its runs (a
// running server is warm).
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { startDemoServer } from "./lib/demo-server.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    page: { type: "string" },
    details: { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const PASSWORD = "Tq7-violet-harbor-92";

const { base, stop } = await startDemoServer("lighthouse");

/** A signed-in student's cookie (verification is off in the demo, so sign-up signs in). */
async function studentCookie() {
  const email = `lighthouse-${Date.now()}@example.com`;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({
      name: "Lighthouse Student",
      email,
      password: PASSWORD,
      metadata: {
        full_name: "Lighthouse Student",
        mobile_number: "",
        address: "",
        date_of_birth: "",
      },
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Puts `cookie` ("a=1; b=2") into the browser's jar for the app's origin. */
async function setCookies(port, cookie) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const [tab] = await browser.pages();
  const cookies = cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });
  await (tab ?? (await browser.newPage())).setCookie(...cookies);
  await browser.disconnect();
}

/** The long tasks and each script's main-thread time of one run (--details). */
function printDetails(name, lhr) {
  const short = (url) => String(url).replace(base, "").slice(0, 60);
  const tasks = lhr.audits["long-tasks"]?.details?.items ?? [];
  console.log(
    `  ${name}: FCP ${lhr.audits["first-contentful-paint"]?.numericValue?.toFixed(0)} ms, TBT ${lhr.audits["total-blocking-time"]?.numericValue?.toFixed(0)} ms, long tasks:`,
  );
  for (const t of tasks)
    console.log(
      `    ${t.startTime.toFixed(0).padStart(6)} ms  ${t.duration.toFixed(0).padStart(5)} ms  ${short(t.url)}`,
    );
  const boot = lhr.audits["bootup-time"]?.details?.items ?? [];
  for (const b of boot) {
    console.log(
      `    script ${short(b.url).padEnd(60)} total ${b.total.toFixed(0)} eval ${b.scripting.toFixed(0)} parse ${b.scriptParseCompile.toFixed(0)}`,
    );
  }
  // The largest paint: which element, and its phases (time to first byte, the resource's load
  // delay and time for an image, the render delay after them).
  const element = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const node = element[0]?.items?.[0]?.node;
  const phases = element[1]?.items ?? [];
  console.log(
    `    LCP ${lhr.audits["largest-contentful-paint"]?.numericValue?.toFixed(0)} ms: ${node?.nodeLabel ?? "?"} (${node?.selector ?? ""}); ${phases
      .map((p) => `${p.phase} ${Number(p.timing).toFixed(0)}`)
      .join(", ")}`,
  );
  // What the unthrottled page did (Lighthouse simulates the phone from it): when it painted,
  // and when each script arrived, from the navigation's start.
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  console.log(
    `    observed: FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, DOMContentLoaded ${observed.observedDomContentLoaded} ms`,
  );
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  for (const r of requests.filter(
    (r) => r.resourceType === "Script" || r.resourceType === "Document",
  ))
    console.log(
      `      ${short(r.url).padEnd(44)} ${r.priority.padEnd(8)} ${r.networkRequestTime.toFixed(0).padStart(5)}-${r.networkEndTime.toFixed(0)} ms`,
    );
  const work = lhr.audits["mainthread-work-breakdown"]?.details?.items ?? [];
  console.log(
    `    main thread: ${work.map((w) => `${w.group} ${w.duration.toFixed(0)}`).join(", ")}`,
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let chrome;
try {
  const news = await (await fetch(`${base}/api/news`)).json();
  const articleId = (news.items ?? news)[0]?.id;
  const cookie = await studentCookie();
  const mocks = await (await fetch(`${base}/api/home/mock-tests`)).json();
  const examId = (mocks.items ?? mocks)[0]?.id;
  const pages = [
    { url: "/", name: "home" },
    { url: "/news", name: "news list" },
    { url: `/news/${articleId}`, name: "news article" },
    { url: "/login", name: "login" },
    { url: "/student/dashboard", name: "dashboard (signed in)", cookie },
    { url: `/exam/${examId}`, name: "exam (signed in)", cookie },
  ];
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    // The phone of a student in India: its clock in India's zone, as the product's readers' are.
    envVars: { ...process.env, TZ: "Asia/Kolkata" },
  });
  console.log(
    `Lighthouse 12, mobile preset, ${RUNS} runs a page, median; machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    "page                      score   FCP ms   LCP ms   TBT ms    CLS   JS KB  CPU index",
  );
  let signedIn = false;
  for (const page of pages.filter((p) => !values.page || p.name.includes(values.page))) {
    // The signed-in pages come last: the session goes into the browser's cookie jar, as a real
    // sign-in leaves it (a Cookie header given to Lighthouse reaches the page but not its fetches).
    if (page.cookie && !signedIn) {
      await setCookies(chrome.port, page.cookie);
      signedIn = true;
    }
    // A server that has been up a while has rendered the page before; the first render of a
    // route in a new process is 1.5-2.5x slower (cold code paths), which moved the page's paint
    // behind its scripts in a first run. One unmeasured request warms it.
    await (
      await fetch(`${base}${page.url}`, { headers: page.cookie ? { cookie: page.cookie } : {} })
    ).text();
    const samples = [];
    let failed = 0;
    while (samples.length < RUNS) {
      const result = await lighthouse(`${base}${page.url}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no result for ${page.url}`);
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      // Lighthouse's own recorder failing (NO_NAVSTART: "Please run Lighthouse again") measured
      // nothing: such a run is run again, at most three times a page, and counted in the output.
      if (lhr.runtimeError) {
        failed += 1;
        console.log(`  ${page.name}: run failed (${lhr.runtimeError.code}), ${failed} so far`);
        if (failed > 3) throw new Error(`Lighthouse failed ${failed} times on ${page.url}`);
        continue;
      }
      if (values.details) printDetails(page.name, lhr);
      const scripts = (lhr.audits["resource-summary"]?.details?.items ?? []).find(
        (item) => item.resourceType === "script",
      );
      samples.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
        js: (scripts?.transferSize ?? 0) / 1024,
        index: lhr.environment.benchmarkIndex,
      });
    }
    const m = (key) => median(samples.map((s) => s[key]));
    console.log(
      `${page.name.padEnd(24)} ${String(m("score")).padStart(6)} ${m("fcp").toFixed(0).padStart(8)} ${m("lcp").toFixed(0).padStart(8)} ${m("tbt").toFixed(0).padStart(8)} ${m("cls").toFixed(3).padStart(6)} ${m("js").toFixed(0).padStart(7)} ${m("index").toFixed(0).padStart(10)}`,
    );
  }
} finally {
  await chrome?.kill();
  await stop();
}
