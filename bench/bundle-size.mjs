// Initial JS and CSS a browser downloads for a route of the built client, gzip-compressed.
// Usage: npm run build && node bench/bundle-size.mjs [/route ...]   (default: /)
// It follows index.html's entry script and its static imports, plus the lazy chunk(s) the route
// loads at once (found through Vite's manifest).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.env.BUNDLE_DIST ?? "dist/client";
const manifestFile = path.join(dist, ".vite/manifest.json");
if (!existsSync(manifestFile)) {
  console.error("No build manifest: run `npx vite build --manifest` first.");
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));

const ROUTE_MODULES = {
  "/": ["features/home/routes/home.tsx"],
  "/login": ["features/auth/routes/login.tsx"],
  "/register": ["features/auth/routes/register.tsx"],
  "/student/dashboard": ["features/dashboard/routes/student-dashboard.tsx"],
  "/admin/dashboard": ["features/admin/routes/admin-dashboard.tsx"],
  "/news": ["features/news/routes/news-list.tsx"],
  "/news/:newsId": ["features/news/routes/news-article.tsx"],
  "/exam/:examId": ["features/exams/routes/attempt-page.tsx"],
  "/student/profile": ["features/profile/routes/profile-page.tsx"],
  "/admin/settings": ["features/settings/routes/admin-settings.tsx"],
  "/admin/daily-news": ["features/admin-news/routes/admin-daily-news.tsx"],
};

function collect(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(dep, seen);
}

function sizeOf(files) {
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gz };
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ["/"];
for (const route of routes) {
  const seen = new Set();
  collect("index.html", seen);
  for (const module of ROUTE_MODULES[route] ?? []) collect(module, seen);
  const chunks = [...seen].map((k) => manifest[k]);
  const js = [...new Set(chunks.map((c) => c.file).filter((f) => f.endsWith(".js")))];
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
  const j = sizeOf(js);
  const c = sizeOf(css);
  console.log(
    `${route}: JS ${kb(j.gz)} gzip (${kb(j.raw)} raw, ${js.length} files); CSS ${kb(c.gz)} gzip (${kb(c.raw)} raw)`,
  );
}
