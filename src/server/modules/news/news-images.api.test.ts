import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/test-app.ts";
import { fetchStored, makeImage, uploadFile } from "../../test/upload.ts";

const { t, admin, student } = setupTestApp({ users: { admin: "admin", student: "student" } });

describe("editor image upload (news_images)", () => {
  it("stores an image as {timestamp}-{name} with whitespace as underscores and serves it", async () => {
    const bytes = await makeImage(64, 48, "png");
    const before = Date.now();
    const response = await uploadFile(
      t,
      "/api/news/images",
      { bytes, name: "Map of  the\tIndian Ocean.png" },
      admin.cookie,
    );
    expect(response.status).toBe(201);
    const { url, path } = await response.json();
    const match = path.match(/^(\d+)-Map_of_the_Indian_Ocean\.png$/);
    expect(match).not.toBeNull();
    expect(Number(match[1])).toBeGreaterThanOrEqual(before);
    expect(url).toBe(`/storage/news_images/${path}`);

    const served = await fetchStored(t, url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("names the file by its real type, whatever its name says", async () => {
    const jpeg = await makeImage(20, 20, "jpeg");
    const response = await uploadFile(
      t,
      "/api/news/images",
      { bytes: jpeg, name: "photo.png", type: "image/png" },
      admin.cookie,
    );
    expect(response.status).toBe(201);
    const { url } = await response.json();
    expect(url).toMatch(/-photo\.jpg$/);
    expect((await fetchStored(t, url)).headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses a renamed non-image (checked by content, not name or header)", async () => {
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const response = await uploadFile(
      t,
      "/api/news/images",
      { bytes: html, name: "innocent.png", type: "image/png" },
      admin.cookie,
    );
    expect(response.status).toBe(422);
    expect((await response.json()).error.message).toBe(
      "Only image files (JPEG, PNG, GIF, WebP or AVIF) can be uploaded.",
    );
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    );
    const svgResponse = await uploadFile(
      t,
      "/api/news/images",
      { bytes: svg, name: "logo.svg", type: "image/svg+xml" },
      admin.cookie,
    );
    expect(svgResponse.status).toBe(422);
  });

  it("refuses an image over 5 MB with the spec's message", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await makeImage(8, 8, "png"));
    const response = await uploadFile(
      t,
      "/api/news/images",
      { bytes: big, name: "big.png" },
      admin.cookie,
    );
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toBe("Please upload an image smaller than 5MB.");
  });

  it("accepts an image of exactly 5 MB", async () => {
    const png = await makeImage(8, 8, "png");
    const exact = new Uint8Array(5 * 1024 * 1024);
    exact.set(png);
    const response = await uploadFile(
      t,
      "/api/news/images",
      { bytes: exact, name: "exact.png" },
      admin.cookie,
    );
    expect(response.status).toBe(201);
  });

  it("is for admins only", async () => {
    const bytes = await makeImage();
    expect(
      (await uploadFile(t, "/api/news/images", { bytes, name: "a.png" }, student.cookie)).status,
    ).toBe(403);
    expect((await uploadFile(t, "/api/news/images", { bytes, name: "a.png" })).status).toBe(401);
  });

  it("asks for a file when none is sent", async () => {
    const response = await t.app.request(
      "/api/news/images",
      {
        method: "POST",
        body: new FormData(),
        headers: { cookie: admin.cookie, origin: "http://localhost:3000" },
      },
      { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
    );
    expect(response.status).toBe(422);
    expect((await response.json()).error.message).toBe("Choose an image file to upload.");
  });
});

describe("serving /storage", () => {
  it("answers 404 for unknown buckets, missing files and path tricks", async () => {
    for (const url of [
      "/storage/secrets/a.png",
      "/storage/news_images/missing.png",
      "/storage/news_images/..%2F..%2Fsecret-key",
      "/storage/news_images/%2e%2e/x.png",
      "/storage/news_images/a/b/c.png",
    ]) {
      expect((await fetchStored(t, url)).status, url).toBe(404);
    }
  });
});
