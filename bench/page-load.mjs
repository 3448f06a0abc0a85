// A Lighthouse-style cold load on a throttled phone: Debian's Chromium with "Fast 3G"-like
// network (150 ms RTT, 1.6 Mbit/s down) and 4x CPU slowdown, on the built app and a fresh demo
// database. Prints, per page: bytes transferred, First Contentful Paint (the served shell),
// DOMContentLoaded, load, and Largest Contentful Paint; and when the HTML and the main (render-
// blocking) stylesheet had arrived, which is what the first paint waits for.
// Usage: npm run build && node bench/page-load.mjs [runs=3]
import { chromium } from "playwright-core";
import { startDemoServer } from "./lib/demo-server.mjs";

const runs = Number(process.argv[2] ?? 3);
const { base, stop } = await startDemoServer("page-load");
const news = await (await fetch(`${base}/api/news`)).json();
const articleId = (news.items ?? news)[0]?.id;
const pages = [
  ["/", "home"],
  ["/news", "news list"],
  [`/news/${articleId}`, "news article"],
  ["/login", "login"],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const [url, name] of pages) {
    const samples = [];
    for (let r = 0; r < runs; r += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      let bytes = 0;
      cdp.on("Network.loadingFinished", (e) => {
        bytes += e.encodedDataLength;
      });
      await page.addInitScript(() => {
        window.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__lcp = entry.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      await page.goto(base + url, { waitUntil: "networkidle" });
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0];
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
        // What the first paint waits for: the HTML (with the inline shell) and the one
        // render-blocking stylesheet.
        const css = performance
          .getEntriesByType("resource")
          .find((e) => e.initiatorType === "link" && /\/assets\/index-[^/]*\.css$/.test(e.name));
        return {
          fcp,
          html: nav.responseEnd,
          css: css?.responseEnd ?? 0,
          dcl: nav.domContentLoadedEventEnd,
          load: nav.loadEventEnd,
          lcp: window.__lcp,
        };
      });
      samples.push({ ...timing, bytes });
      await context.close();
    }
    const kb = (median(samples.map((s) => s.bytes)) / 1024).toFixed(0);
    const ms = (k) => Math.round(median(samples.map((s) => s[k])));
    console.log(
      `${name.padEnd(13)} ${kb.padStart(4)} kB transferred  HTML ${ms("html")} ms  CSS ${ms("css")} ms  FCP ${ms("fcp")} ms  DCL ${ms("dcl")} ms  load ${ms("load")} ms  LCP ${ms("lcp")} ms`,
    );
  }
} finally {
  await browser.close();
  await stop();
}
