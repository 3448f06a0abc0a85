import { describe, expect, it } from "vitest";
import { testClientDir } from "../test/client-dir.ts";
import { setupTestApp } from "../test/test-app.ts";
import type { PageRenderer } from "./page-render.ts";

// The built shell's shape: the loading skeleton between the markers the renderer replaces.
const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="Default description" />
<title>My Exam App</title>
<link rel="modulepreload" crossorigin href="/assets/react-dom-x.js">
<link rel="stylesheet" crossorigin href="/assets/index-x.css">
</head><body><div id="root"><!--boot--><p class="boot-status">Loading Application...</p><!--/boot--></div></body></html>`;

// The renderer from its source (the build's dist/server/entry-server.js is the same module).
const pageRenderer: Promise<PageRenderer> = import("../../web/entry-server.tsx").then(
  (module) => module.renderPage as PageRenderer,
);

const STYLES = ".text-primary{color:#1d4ed8}";

const { t, admin, student } = setupTestApp({
  clientDir: testClientDir(SHELL, { "assets/index-x.css": STYLES }),
  pageRenderer,
  users: { admin: "admin", student: "student" },
});

/** The JSON the page carries for the browser's first render. */
function pageState(html: string) {
  const json = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html);
  expect(json, "the page carries its state").not.toBeNull();
  return JSON.parse(json?.[1] ?? "null") as {
    rendered: boolean;
    language: string;
    timeZone: string;
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  };
}
const cached = (state: ReturnType<typeof pageState>, key: unknown[]) =>
  state.queries.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key))
    ?.state.data;

async function createArticle(title: string) {
  const response = await t.request("/api/news", {
    cookie: admin.cookie,
    body: {
      title,
      content: "<p>The council's <strong>voting design</strong>.</p>",
      excerpt: "Why the vote matters for GS Paper II.",
      publishedDate: "2026-11-20",
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("pages rendered on the server (decision 046)", () => {
  it("renders a public page's content into the HTML, with its data and a visitor's viewer", async () => {
    const id = await createArticle("GST Council and cooperative federalism");
    const list = await t.request("/news");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).not.toContain("Loading Application...");
    expect(html).toMatch(/<h1[^>]*>Daily News Analysis<\/h1>/);
    expect(html).toContain("GST Council and cooperative federalism");
    expect(html).toMatch(/<title>Daily News · My Exam App<\/title>/);
    // Readable without its code: the code's modules do not compete with the stylesheet, and
    // its buttons wait for the app to take the page over.
    expect(html).not.toContain("modulepreload");
    // Its styles are in the page: it paints without a round trip for the stylesheet.
    expect(html).toContain(`<style>${STYLES}</style>`);
    // Its link is there only for the app's code to find, disabled: neither fetched nor applied.
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-x.css" disabled>',
    ]);
    expect(html).toMatch(/<html [^>]*data-hydrating>/);
    const state = pageState(html);
    expect(state.rendered).toBe(true);
    expect(cached(state, ["session"])).toBeNull();
    expect(cached(state, ["settings", "public"])).toMatchObject({ appTitle: "My Exam App" });

    const article = await (await t.request(`/news/${id}`)).text();
    expect(article).toMatch(/<h1[^>]*>GST Council and cooperative federalism<\/h1>/);
    // Sanitised with the browser's rules: the stored markup's strong survives.
    expect(article).toContain("<strong>voting design</strong>");
    // The article's own meta tags stay.
    expect(article).toContain('<meta property="og:title" content="GST Council');
  });

  it("keeps a page behind sign-in as the loading shell, with the viewer in it and stored nowhere", async () => {
    const response = await t.request("/student/exams", { cookie: student.cookie });
    expect(response.status).toBe(200);
    // Not even the browser keeps it: Back after sign-out must not show it.
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("Loading Application...");
    // The shell needs its code to show anything: its modules are fetched at once.
    expect(html).toContain('<link rel="modulepreload"');
    // The shell links the stylesheet (cached across pages) rather than carrying it.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-x.css">');
    expect(html).not.toContain(STYLES);
    expect(html).not.toContain("data-hydrating");
    const state = pageState(html);
    expect(state.rendered).toBe(false);
    expect(cached(state, ["session"])).toMatchObject({ user: { email: student.email } });

    // A visitor's copy of the same page has no viewer, and never the student's.
    const visitorResponse = await t.request("/student/exams");
    const visitor = await visitorResponse.text();
    expect(cached(pageState(visitor), ["session"])).toBeNull();
    expect(visitor).not.toContain(student.email);
    expect(visitorResponse.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("sends a signed-in reader's public pages with no-store too; a visitor's keep their caching", async () => {
    for (const path of ["/", "/news", "/courses", "/live-classes"]) {
      const signedIn = await t.request(path, { cookie: student.cookie });
      expect(signedIn.headers.get("cache-control"), path).toBe("no-store");
      expect(await signedIn.text()).toContain(student.email);
      const visitor = await t.request(path);
      expect(visitor.headers.get("cache-control"), path).toBe("private, no-cache");
      expect(await visitor.text()).not.toContain(student.email);
    }
  });

  it("carries a student's day-counted figures, counted in the zone the browser told", async () => {
    const cookie = `${student.cookie}; tz=${encodeURIComponent("America/New_York")}`;
    const dashboardHtml = await (await t.request("/student/dashboard", { cookie })).text();
    const dashboard = pageState(dashboardHtml);
    expect(dashboard.timeZone).toBe("America/New_York");
    expect(cached(dashboard, ["home", "dashboard"])).toHaveProperty("todaysQuiz");
    // The live tests' cards came with it (decision 047), so the browser asks for nothing.
    expect(cached(dashboard, ["live-tests", "list"])).toHaveProperty("items");
    // The student's landing page is rendered too, with their name.
    expect(dashboard.rendered).toBe(true);
    expect(dashboardHtml).toMatch(/<h1[^>]*>Welcome back, /);
    const homeState = pageState(await (await t.request("/", { cookie })).text());
    expect(cached(homeState, ["home", "study-streak"])).toBeDefined();
    expect(cached(homeState, ["revision", "summary"])).toMatchObject({ dueToday: 0 });

    // A first visit (no zone told yet), or a zone Intl does not know: India's, and the page says
    // so (the browser asks again in its own when it differs).
    for (const zone of ["", "; tz=Mars%2FOlympus"]) {
      const html = await (
        await t.request("/student/dashboard", { cookie: `${student.cookie}${zone}` })
      ).text();
      const state = pageState(html);
      expect(state.timeZone).toBe("Asia/Kolkata");
      expect(cached(state, ["home", "dashboard"])).toHaveProperty("todaysQuiz");
    }
  });

  it("renders in the reader's language: the cookie, else the browser's preference", async () => {
    const byCookie = await (await t.request("/news", { headers: { cookie: "lang=hi" } })).text();
    expect(byCookie).toContain('<html lang="hi"');
    expect(byCookie).toMatch(/<h1[^>]*>दैनिक समाचार विश्लेषण<\/h1>/);
    expect(pageState(byCookie).language).toBe("hi");
    const byHeader = await (
      await t.request("/news", { headers: { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" } })
    ).text();
    expect(byHeader).toContain('<html lang="hi"');
    // Renders of both languages at once do not mix.
    const [english, hindi] = await Promise.all([
      t.request("/faqs").then((r) => r.text()),
      t.request("/faqs", { headers: { cookie: "lang=hi" } }).then((r) => r.text()),
    ]);
    expect(english).toContain('<html lang="en"');
    expect(english).not.toMatch(/[\u0900-\u097F]{4}/);
    expect(hindi).toContain('<html lang="hi"');
  });

  it("keeps the state script closed whatever the data says", async () => {
    const title = "</script><script>alert(1)</script> Budget 2026";
    await createArticle(title);
    const html = await (await t.request("/news")).text();
    const scripts = html.match(/<script[\s\S]*?<\/script>/g) ?? [];
    // Only the state script: the title never opens or closes one.
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).not.toContain("<script>alert");
    expect(JSON.stringify(pageState(html))).toContain(title);
  });

  it("answers a path no route has with 404 and the rendered 'Page Not Found'", async () => {
    const response = await t.request("/no-such-page");
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
  });
});
