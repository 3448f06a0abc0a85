import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { siteSettings } from "../../db/schema/content.ts";
import { setupTestApp, TEST_ORIGIN } from "../../test/test-app.ts";
import { fetchStored, makeImage, uploadFile } from "../../test/upload.ts";

const { t, admin, student } = setupTestApp({ users: { admin: "admin", student: "student" } });

const settings = (overrides: Record<string, unknown> = {}) => ({
  appTitle: "UPSC Prep",
  contactEmail: "help@upscprep.example",
  maintenanceMode: false,
  examName: "UPSC CSE",
  examDate: "2027-05-23",
  ...overrides,
});

async function save(body: unknown, cookie = admin.cookie) {
  return t.request("/api/settings", { method: "PUT", body, cookie });
}

describe("site settings", () => {
  it("starts with the default row", async () => {
    const response = await t.request("/api/settings", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: 1,
      appTitle: "My Exam App",
      contactEmail: "contact@example.com",
      maintenanceMode: false,
    });
  });

  it("lets an admin save the title and contact email, shown publicly at once", async () => {
    const response = await save(settings());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject(settings());
    const publicSettings = await (await t.request("/api/settings/public")).json();
    expect(publicSettings).toEqual({
      ...settings(),
      businessName: "",
      postalAddress: "",
      logoUrl: null,
    });
  });

  it("refuses a blank title or a bad email, changing nothing", async () => {
    await save(settings());
    const blank = await save(settings({ appTitle: " " }));
    expect(blank.status).toBe(422);
    expect((await blank.json()).error.message).toBe("Application title is required.");
    const badEmail = await save(settings({ contactEmail: "not-an-email", appTitle: "Other" }));
    expect(badEmail.status).toBe(422);
    expect(await (await t.request("/api/settings/public")).json()).toMatchObject(settings());
  });

  it("keeps the invoice seller: GSTIN checked, GST only with a GSTIN, left alone when not sent", async () => {
    const seller = {
      sellerName: "Demo Academy Pvt Ltd",
      sellerAddress: "12 Ring Road\nNew Delhi 110001",
      sellerGstin: "07aabcd1234e1z5",
      gstRate: 18,
    };
    const saved = await save(settings(seller));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ...seller, sellerGstin: "07AABCD1234E1Z5" });
    const publicSettings = await (await t.request("/api/settings/public")).json();
    expect(publicSettings).toMatchObject({
      businessName: seller.sellerName,
      postalAddress: seller.sellerAddress,
    });

    const refusals = [
      [{ sellerGstin: "NOT-A-GSTIN" }, "Enter a valid 15-character GSTIN, or leave it empty."],
      [{ sellerGstin: "", gstRate: 18 }, "Enter the GSTIN before charging GST."],
      [{ gstRate: 40 }, "The GST rate must be between 0.01 and 28."],
      [{ gstRate: 18.005 }, "The GST rate may have at most two decimals."],
    ] as const;
    for (const [change, message] of refusals) {
      const refused = await save(settings({ ...seller, ...change, appTitle: "Changed" }));
      expect(refused.status).toBe(422);
      expect((await refused.json()).error.message).toBe(message);
    }
    // An older client that sends no seller fields leaves them as they were.
    expect((await save(settings())).status).toBe(200);
    const after = await (await t.request("/api/settings", { cookie: admin.cookie })).json();
    expect(after).toMatchObject({
      ...seller,
      sellerGstin: "07AABCD1234E1Z5",
      appTitle: "UPSC Prep",
    });
    // GST not applicable again.
    expect((await save(settings({ ...seller, gstRate: null }))).status).toBe(200);
    expect(await (await t.request("/api/settings", { cookie: admin.cookie })).json()).toMatchObject(
      {
        gstRate: null,
      },
    );
  });

  it("is read and written by admins only", async () => {
    expect((await t.request("/api/settings", { cookie: student.cookie })).status).toBe(403);
    expect((await t.request("/api/settings")).status).toBe(401);
    expect((await save(settings({ appTitle: "Hacked" }), student.cookie)).status).toBe(403);
    expect((await t.request("/api/settings", { method: "PUT", body: settings() })).status).toBe(
      401,
    );
    expect((await (await t.request("/api/settings/public")).json()).appTitle).not.toBe("Hacked");
  });
});

describe("the site logo", () => {
  const LOGO_URL = /^\/storage\/site_logos\/logo-\d+-[0-9a-f]{8}\.(png|jpg|webp)$/;
  const upload = (
    bytes: Uint8Array<ArrayBuffer> | Buffer,
    name = "logo.png",
    cookie = admin.cookie,
  ) => uploadFile(t, "/api/settings/logo", { bytes, name }, cookie);
  const remove = (cookie?: string) =>
    t.request("/api/settings/logo", { method: "DELETE", ...(cookie ? { cookie } : {}) });
  const publicLogo = async () =>
    (await (await t.request("/api/settings/public")).json()).logoUrl as string | null;
  const storedLogos = () => {
    try {
      return readdirSync(path.join(t.storageDir, "site_logos")).sort();
    } catch {
      return [];
    }
  };

  it("is uploaded by an admin, served, shown publicly, replaced and removed", async () => {
    expect(await publicLogo()).toBeNull();
    const png = await makeImage(160, 40, "png");
    const uploaded = await upload(png, "Our logo.png");
    expect(uploaded.status).toBe(201);
    const first = (await uploaded.json()).logoUrl as string;
    expect(first).toMatch(LOGO_URL);
    expect(first.endsWith(".png")).toBe(true);
    expect(await publicLogo()).toBe(first);
    const admins = await (await t.request("/api/settings", { cookie: admin.cookie })).json();
    expect(admins.logoUrl).toBe(first);
    const served = await fetchStored(t, first);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // Named by its bytes; the logo it replaces is deleted.
    const replaced = await upload(await makeImage(160, 40, "webp"), "logo.png");
    expect(replaced.status).toBe(201);
    const second = (await replaced.json()).logoUrl as string;
    expect(second).toMatch(/\.webp$/);
    expect(await publicLogo()).toBe(second);
    expect((await fetchStored(t, first)).status).toBe(404);
    expect(storedLogos()).toEqual([second.split("/").pop()]);

    // Saving the other settings leaves it alone.
    expect((await save(settings())).status).toBe(200);
    expect(await publicLogo()).toBe(second);

    const removed = await remove(admin.cookie);
    expect(removed.status).toBe(200);
    expect((await removed.json()).logoUrl).toBeNull();
    expect(await publicLogo()).toBeNull();
    expect((await fetchStored(t, second)).status).toBe(404);
    expect(storedLogos()).toEqual([]);
    // Removing it again is harmless.
    expect((await remove(admin.cookie)).status).toBe(200);
  });

  it("refuses a file that is not a PNG, JPEG or WebP image, or is over 1 MB, changing nothing", async () => {
    expect((await upload(await makeImage(40, 40, "jpeg"), "logo.jpg")).status).toBe(201);
    const before = await t.db.select().from(siteSettings);
    const filesBefore = storedLogos();
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    for (const [bytes, name] of [
      [gif, "logo.gif"],
      [svg, "logo.svg"],
      [html, "logo.png"],
      [new Uint8Array(0), "empty.png"],
    ] as const) {
      const refused = await upload(new Uint8Array(bytes), name);
      expect(refused.status, name).toBe(422);
      expect((await refused.json()).error.message).toBe(
        "The logo must be a PNG, JPEG or WebP image.",
      );
    }
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(await makeImage(8, 8, "png"));
    const tooBig = await upload(big, "big.png");
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error.message).toBe("Please upload a logo smaller than 1MB.");
    // A form with no file in it.
    const form = new FormData();
    form.append("file", "not a file");
    const noFile = await t.app.request(
      "/api/settings/logo",
      { method: "POST", body: form, headers: { origin: TEST_ORIGIN, cookie: admin.cookie } },
      { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
    );
    expect(noFile.status).toBe(422);
    expect((await noFile.json()).error.message).toBe("Choose an image file to upload.");

    expect(await t.db.select().from(siteSettings)).toEqual(before);
    expect(storedLogos()).toEqual(filesBefore);
  });

  it("is uploaded and removed by admins only: a student gets 403, a visitor 401, nothing changes", async () => {
    const png = await makeImage(40, 40, "png");
    expect((await upload(png)).status).toBe(201);
    const before = await t.db.select().from(siteSettings);
    const filesBefore = storedLogos();
    const asStudent = await upload(png, "logo.png", student.cookie);
    expect(asStudent.status).toBe(403);
    expect(await asStudent.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
    expect((await uploadFile(t, "/api/settings/logo", { bytes: png, name: "a.png" })).status).toBe(
      401,
    );
    expect((await remove(student.cookie)).status).toBe(403);
    expect((await remove()).status).toBe(401);
    expect(await t.db.select().from(siteSettings)).toEqual(before);
    expect(storedLogos()).toEqual(filesBefore);
  });
});

describe("maintenance mode", () => {
  it("blocks a student's API calls with 503 and not an admin's, and lifts at once", async () => {
    expect((await t.request("/api/news", { cookie: student.cookie })).status).toBe(200);
    expect((await save(settings({ maintenanceMode: true }))).status).toBe(200);

    const blocked = await t.request("/api/news", { cookie: student.cookie });
    expect(blocked.status).toBe(503);
    expect(await blocked.json()).toEqual({
      error: {
        code: "MAINTENANCE",
        message: "The site is under maintenance. Please try again later.",
      },
    });
    const visitor = await t.request("/api/news");
    expect(visitor.status).toBe(503);
    const profileWrite = await t.request("/api/profile", {
      method: "PUT",
      body: { fullName: "Blocked" },
      cookie: student.cookie,
    });
    expect(profileWrite.status).toBe(503);

    // Admins keep working, and what the app needs to show the maintenance page stays open.
    expect((await t.request("/api/news", { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request("/api/admin/overview", { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request("/api/health")).status).toBe(200);
    expect((await (await t.request("/api/settings/public")).json()).maintenanceMode).toBe(true);
    expect(
      await (await t.request("/api/account/me", { cookie: student.cookie })).json(),
    ).toMatchObject({ user: { id: student.id } });

    // An admin can still sign in while it is on.
    const adminCookie = await t.signIn(admin.email, admin.password);
    expect(adminCookie).toContain("session_token");

    expect((await save(settings({ maintenanceMode: false }), adminCookie)).status).toBe(200);
    expect((await t.request("/api/news", { cookie: student.cookie })).status).toBe(200);
  });

  it("does not let a student switch it off", async () => {
    await save(settings({ maintenanceMode: true }));
    const response = await save(settings({ maintenanceMode: false }), student.cookie);
    expect(response.status).toBe(503);
    expect((await (await t.request("/api/settings/public")).json()).maintenanceMode).toBe(true);
    await save(settings({ maintenanceMode: false }));
  });
});
