import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/test-app.ts";

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
    expect(publicSettings).toEqual({ ...settings(), businessName: "", postalAddress: "" });
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
