import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../test/listen.ts";
import { createTestContext, type TestContext } from "../test/test-app.ts";

let t: TestContext;
let server: Awaited<ReturnType<typeof listen>>;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), "upsc-client-"));
  writeFileSync(
    path.join(clientDir, "index.html"),
    `<!doctype html><title>App</title>${"<p>x</p>".repeat(400)}`,
  );
  t = await createTestContext({ clientDir, internalToken: "internal-test-token" });
  server = await listen(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function expectPageHeaders(response: Response) {
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  // The service worker and pdf.js's worker: our own files only (decision 045).
  expect(response.headers.get("content-security-policy")).toContain("worker-src 'self'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

// Through a real socket: the node adapter, compression and error paths all take part.
describe("security headers on a listening server", () => {
  const gzip = { "accept-encoding": "gzip" };

  it.each([
    ["an unknown API path", "/api/no-such-thing", 404],
    ["an unknown /internal path", "/internal/no-such-thing", 404],
    ["the CLI channel without its token", "/internal/create-admin", 404],
    ["a page (gzip)", "/student/dashboard", 200],
    ["a JSON answer (gzip)", "/api/health", 200],
  ])("%s", async (_name, url, status) => {
    const response = await fetch(server.url + url, {
      headers: gzip,
      method: url.startsWith("/internal") ? "POST" : "GET",
    });
    expect(response.status).toBe(status);
    expectPageHeaders(response);
    await response.arrayBuffer();
  });

  it("a missing stored file gets the sandboxing policy", async () => {
    const response = await fetch(`${server.url}/storage/news_images/missing.png`, {
      headers: gzip,
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    await response.arrayBuffer();
  });

  it("an unknown storage path", async () => {
    const response = await fetch(`${server.url}/storage/profile_photos/..%2Fx`, { headers: gzip });
    expect(response.status).toBe(404);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBeTruthy();
    await response.arrayBuffer();
  });
});
