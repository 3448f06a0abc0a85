import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ROUTE_CATALOG } from "../../../shared/route-catalog.ts";
import { testClientDir } from "../../test/client-dir.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { makeImage, uploadFile } from "../../test/upload.ts";

const clientDir = testClientDir();
const { t, admin } = setupTestApp({ clientDir, users: { admin: "admin" } });

async function createArticle(content = "<p>The commission's report.</p>") {
  const response = await t.request("/api/news", {
    cookie: admin.cookie,
    body: { title: "GS2: Finance Commission", content, excerpt: "", publishedDate: "2025-05-20" },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; updatedAt: string };
}

describe("robots.txt", () => {
  it("is text that keeps crawlers out of signed-in pages and points to the sitemap", async () => {
    const response = await t.request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const body = await response.text();
    expect(body).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const prefix of ["/admin", "/student", "/api", "/results"]) {
      expect(body).toContain(`\nDisallow: ${prefix}\n`);
    }
    expect(body).not.toMatch(/Disallow: \/(news|login|register)\b/);
    expect(body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});

describe("sitemap.xml", () => {
  it("lists the public pages and every article, and no article once it is deleted", async () => {
    const kept = await createArticle();
    const deleted = await createArticle();
    expect(
      (await t.request(`/api/news/${deleted.id}`, { method: "DELETE", cookie: admin.cookie }))
        .status,
    ).toBe(200);

    const response = await t.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    for (const page of ["/", "/news", "/login", "/register", "/courses", "/faqs"]) {
      expect(xml).toContain(`<url><loc>http://localhost:3000${page}</loc></url>`);
    }
    // No signed-in page, no route with a parameter, not the not-found route.
    expect(xml).not.toMatch(/3000\/(admin|student|results)|\/:|\*/);
    expect(xml).toContain(
      `<url><loc>http://localhost:3000/news/${kept.id}</loc><lastmod>${new Date(kept.updatedAt).toISOString()}</lastmod></url>`,
    );
    expect(xml).not.toContain(deleted.id);
  });
});

describe("the web app manifest", () => {
  it("is named after the site's title, opens on the home page and has PNG icons", async () => {
    const response = await t.request("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      id: "/",
      name: "My Exam App",
      short_name: "My Exam App",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#f1f5f9",
    });
    expect(manifest.icons).toEqual([
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ]);
    // Every icon is a committed PNG of the size it claims.
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const png = readFileSync(path.join(import.meta.dirname, "../../../web/public", icon.src));
      expect(png.subarray(1, 4).toString(), icon.src).toBe("PNG");
      const [width, height] = icon.sizes.split("x").map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([width, height]);
    }
    // The theme colour is the app's primary colour.
    expect(manifest.theme_color).toBe("#1d4ed8");
    const css = readFileSync(path.join(import.meta.dirname, "../../../web/styles.css"), "utf8");
    expect(css).toContain(`--color-primary: ${manifest.theme_color};`);
  });
});

describe("the maskable icon", () => {
  it("keeps the logo inside the safe zone: the centre circle of 80 % of the width", async () => {
    const file = path.join(import.meta.dirname, "../../../web/public/icon-maskable-512.png");
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    let farthest = 0;
    let light = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const i = (y * info.width + x) * info.channels;
        // The letter is white on the blue: any light pixel is part of it.
        if ((data[i] ?? 0) < 128) continue;
        light++;
        farthest = Math.max(
          farthest,
          Math.hypot(x + 0.5 - info.width / 2, y + 0.5 - info.height / 2),
        );
      }
    }
    expect(light).toBeGreaterThan(0);
    expect(farthest / info.width).toBeLessThan(0.4);
    // The corners, which every mask cuts away, are the background: no transparency to show black.
    expect(info.channels === 3 || data[3] === 255).toBe(true);
  });
});

describe("the app's shell: 200 for its routes, 404 for others", () => {
  it("answers a route of the app with 200 and the logo as og:image", async () => {
    for (const page of ["/", "/login", "/news", "/student/dashboard", "/exam/anything"]) {
      const response = await t.request(page);
      expect(response.status, page).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root">');
      expect(html).toContain(
        '<meta property="og:image" content="http://localhost:3000/icon-512.png" />',
      );
    }
  });

  it("gives every public page the full set of link-preview tags, as an article has", async () => {
    const article = await createArticle();
    const pages = ROUTE_CATALOG.filter(
      (route) => route.access === "public" && route.path !== "*" && route.sample,
    ).map((route) => (route.sample ?? "").replace("{news}", article.id));
    expect(pages).toEqual(expect.arrayContaining(["/", "/courses", "/live-classes"]));
    const tags = (html: string, attribute: "property" | "name", name: string) =>
      [...html.matchAll(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`, "g"))].map(
        (m) => m[1],
      );
    for (const page of pages) {
      const html = await (await t.request(page)).text();
      for (const property of [
        "og:title",
        "og:description",
        "og:type",
        "og:url",
        "og:image",
        "og:site_name",
      ]) {
        const values = tags(html, "property", property);
        expect(values, `${page} ${property}`).toHaveLength(1);
        expect(values[0], `${page} ${property}`).not.toBe("");
      }
      for (const name of ["twitter:card", "twitter:title", "twitter:description"]) {
        expect(tags(html, "name", name), `${page} ${name}`).toHaveLength(1);
      }
      // The page's own address, without a query (an emailed link's token stays out of it).
      const canonical = `http://localhost:3000${page.split("?")[0]}`;
      expect(tags(html, "property", "og:url")[0]).toBe(canonical);
      expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    }
    const courses = await (await t.request("/courses")).text();
    expect(tags(courses, "property", "og:title")).toEqual(["Courses · My Exam App"]);
    expect(tags(courses, "property", "og:site_name")).toEqual(["My Exam App"]);
    // The shell's own description (index.html's), the same in every tag that carries one.
    expect(tags(courses, "property", "og:description")).toEqual(["Default description"]);
    expect(tags(courses, "name", "twitter:description")).toEqual(["Default description"]);
    expect(tags(await (await t.request("/")).text(), "property", "og:title")).toEqual([
      "My Exam App",
    ]);
    // A page behind sign-in previews as the app, with the logo only.
    const dashboard = await (await t.request("/student/dashboard")).text();
    expect(dashboard).not.toContain("og:title");
  });

  it("answers an unknown path with 404 and the app, which shows 'Page Not Found'", async () => {
    for (const page of ["/no-such-page", "/admin/nope", "/news/a/b"]) {
      const response = await t.request(page);
      expect(response.status, page).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it("answers an unknown news id with 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await t.request(`/news/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it("gives an article its first image as og:image, or the logo when it has none", async () => {
    const pictured = await createArticle(
      '<p>x</p><p><img src="/storage/news_images/1-chart.png" alt="chart"></p>',
    );
    const html = await (await t.request(`/news/${pictured.id}`)).text();
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:3000/storage/news_images/1-chart.png" />',
    );
    expect(html.match(/og:image/g)).toHaveLength(1);

    const plain = await createArticle();
    const response = await t.request(`/news/${plain.id}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      '<meta property="og:image" content="http://localhost:3000/icon-512.png" />',
    );
  });

  it("uses the uploaded logo as og:image in place of the icon, until it is removed", async () => {
    const logo = { bytes: await makeImage(160, 40, "png"), name: "logo.png" };
    const uploaded = await uploadFile(t, "/api/settings/logo", logo, admin.cookie);
    expect(uploaded.status).toBe(201);
    const { logoUrl } = await uploaded.json();
    const tag = `<meta property="og:image" content="http://localhost:3000${logoUrl}" />`;
    const plain = await createArticle();
    for (const page of ["/", "/login", `/news/${plain.id}`, "/no-such-page"]) {
      const html = await (await t.request(page)).text();
      expect(html, page).toContain(tag);
      expect(html.match(/og:image/g), page).toHaveLength(1);
    }
    await t.request("/api/settings/logo", { method: "DELETE", cookie: admin.cookie });
    expect(await (await t.request("/")).text()).toContain(
      '<meta property="og:image" content="http://localhost:3000/icon-512.png" />',
    );
  });
});
