import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app.ts";
import { fetchStored, makeImage, uploadFile } from "../test/upload.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { FileStorage } from "./storage.ts";

// A local S3-compatible server on 127.0.0.1 (never the internet), on a free port.
let server: S3rver;
let directory: string;
let storage: FileStorage;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: "upsc-test", configs: [] }],
  });
  const address = await server.run();
  storage = createS3Storage({
    bucket: "upsc-test",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe("S3 storage driver", () => {
  it("puts, gets and deletes a file under the bucket's prefix", async () => {
    const bytes = Buffer.from("not really an image");
    await storage.put("news_images", "123-a.png", bytes, "image/png");
    const file = await storage.get("news_images", "123-a.png");
    expect(file?.contentType).toBe("image/png");
    expect(file?.size).toBe(bytes.length);
    expect((await readAll(file!.body)).equals(bytes)).toBe(true);
    // Buckets are separate prefixes.
    expect(await storage.get("profile_photos", "123-a.png")).toBeNull();

    await storage.delete("news_images", "123-a.png");
    expect(await storage.get("news_images", "123-a.png")).toBeNull();
  });

  it("returns null for a missing file and refuses unsafe keys", async () => {
    expect(await storage.get("news_images", "missing.png")).toBeNull();
    expect(await storage.get("news_images", "../x.png")).toBeNull();
    await expect(
      storage.put("news_images", "../x.png", Buffer.from("x"), "image/png"),
    ).rejects.toThrow();
  });
});

describe("the app on the S3 driver", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ storage });
  });
  afterAll(async () => {
    await t.close();
  });

  it("uploads a profile photo to the bucket and serves it through /storage", async () => {
    const user = await t.createUser("student");
    const response = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: await makeImage(), name: "me.png" },
      user.cookie,
    );
    expect(response.status).toBe(200);
    const url: string = (await response.json()).profile.profilePhotoUrl;
    const served = await fetchStored(t, url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const second = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: await makeImage(), name: "me2.png" },
      user.cookie,
    );
    expect(second.status).toBe(200);
    expect((await fetchStored(t, url)).status).toBe(404);
  });
});
