import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSpaRoutes } from "./spa.ts";

let clientDir: string;
let app: ReturnType<typeof createSpaRoutes>;

beforeAll(() => {
  clientDir = mkdtempSync(path.join(tmpdir(), "upsc-spa-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>App</title>");
  writeFileSync(path.join(clientDir, "assets", "index-new1234.js"), "console.log(1);");
  writeFileSync(path.join(clientDir, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {});");
  // The build's precompressed copies (vite.config.ts, precompress), as served to most browsers.
  writeFileSync(path.join(clientDir, "sw.js.br"), "br");
  writeFileSync(path.join(clientDir, "index.html.br"), "br");
  app = createSpaRoutes(clientDir);
});
afterAll(() => {
  rmSync(clientDir, { recursive: true, force: true });
});

describe("the built client", () => {
  it("serves this build's hashed assets for a year", async () => {
    const response = await app.request("/assets/index-new1234.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("console.log(1);");
  });

  it("answers 404 for another build's asset, never the page (rolling deploys)", async () => {
    const response = await app.request("/assets/index-old9876.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).not.toMatch(/html/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("serves other files of the build for an hour, and the page itself never cached", async () => {
    const icon = await app.request("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    for (const url of ["/", "/index.html"]) {
      const page = await app.request(url);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("serves the service worker never cached, so a new build's worker is found (decision 045)", async () => {
    for (const encoding of ["identity", "br"]) {
      const response = await app.request("/sw.js", { headers: { "accept-encoding": encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/javascript/);
      expect(response.headers.get("cache-control"), encoding).toBe("no-cache");
    }
    const page = await app.request("/index.html", { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(page.headers.get("cache-control")).toBe("no-cache");
  });

  it("answers any other path with the page, for the client router", async () => {
    const response = await app.request("/student/exams");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>App</title>");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });
});
