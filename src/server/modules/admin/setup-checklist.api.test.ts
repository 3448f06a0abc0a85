import { describe, expect, it } from "vitest";
import { LEGAL_SLUGS } from "../../../shared/legal.ts";
import { siteSettings } from "../../db/schema/content.ts";
import { paymentGateways } from "../../db/schema/subscriptions.ts";
import { legalPages } from "../../db/schema/support.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { demoId } from "../../seed/demo.ts";
import { seedDemoLegal } from "../../seed/demo-legal.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { makeImage, uploadFile } from "../../test/upload.ts";
import { getSetupChecklist } from "./setup-checklist.ts";

const { t, admin, student } = setupTestApp({ users: { admin: "admin", student: "student" } });

const checklist = async () => {
  const response = await t.request("/api/admin/setup-checklist", { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return response.json();
};
const itemOf = (body: { items: { id: string }[] }, id: string) =>
  body.items.find((item) => item.id === id);

const settingsBody = {
  appTitle: "My Exam App",
  contactEmail: "contact@example.com",
  maintenanceMode: false,
  examName: "UPSC IAS",
  examDate: "2025-05-25",
};
const saveSettings = (changes: Partial<typeof settingsBody>) =>
  t.request("/api/settings", {
    method: "PUT",
    cookie: admin.cookie,
    body: { ...settingsBody, ...changes },
  });

describe("the admin's setup checklist", () => {
  it("lists every item as not done on a fresh install, with the past exam date", async () => {
    expect(await checklist()).toEqual({
      done: false,
      items: [
        { id: "app-title", done: false },
        { id: "contact-email", done: false },
        { id: "logo", done: false },
        { id: "exam-date", done: false, examDate: "2025-05-25", passed: true },
        { id: "razorpay", done: false },
        { id: "legal-pages", done: false },
      ],
    });
  });

  it("ticks each item off as the admin fixes it, then is done", async () => {
    const nextYear = `${Number(publicationDay(new Date()).slice(0, 4)) + 1}-05-24`;
    expect((await saveSettings({ appTitle: "Sankalp IAS" })).status).toBe(200);
    expect(itemOf(await checklist(), "app-title")).toEqual({ id: "app-title", done: true });
    await saveSettings({ appTitle: "Sankalp IAS", contactEmail: "help@sankalp.example" });
    expect(itemOf(await checklist(), "contact-email")).toEqual({
      id: "contact-email",
      done: true,
    });
    const logo = { bytes: await makeImage(120, 32, "png"), name: "logo.png" };
    expect((await uploadFile(t, "/api/settings/logo", logo, admin.cookie)).status).toBe(201);
    expect(itemOf(await checklist(), "logo")).toEqual({ id: "logo", done: true });
    await saveSettings({
      appTitle: "Sankalp IAS",
      contactEmail: "help@sankalp.example",
      examDate: nextYear,
    });
    expect(itemOf(await checklist(), "exam-date")).toEqual({
      id: "exam-date",
      done: true,
      examDate: nextYear,
      passed: false,
    });

    // Keys saved but payments off: students still cannot pay.
    const keys = { keyId: "rzp_test_abc123", keySecret: "secret-value-1234", webhookSecret: "" };
    await t.request("/api/admin/payment-settings/razorpay", {
      method: "PUT",
      cookie: admin.cookie,
      body: { ...keys, isActive: false },
    });
    expect(itemOf(await checklist(), "razorpay")).toEqual({ id: "razorpay", done: false });
    await t.request("/api/admin/payment-settings/razorpay", {
      method: "PUT",
      cookie: admin.cookie,
      body: { ...keys, keySecret: "", isActive: true },
    });
    expect(itemOf(await checklist(), "razorpay")).toEqual({ id: "razorpay", done: true });

    // The demo's five pages are written but still marked: the admin has not read them.
    await seedDemoLegal(t.db, demoId);
    const [first, ...rest] = LEGAL_SLUGS;
    const page = { title: "Our page", content: "<p>Written by the academy.</p>" };
    for (const slug of rest) {
      const saved = await t.request(`/api/admin/legal/pages/${slug}`, {
        method: "PUT",
        cookie: admin.cookie,
        body: page,
      });
      expect(saved.status).toBe(200);
    }
    expect(await checklist()).toMatchObject({ done: false });
    expect(itemOf(await checklist(), "legal-pages")).toEqual({ id: "legal-pages", done: false });
    await t.request(`/api/admin/legal/pages/${first}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: page,
    });
    expect(itemOf(await checklist(), "legal-pages")).toEqual({ id: "legal-pages", done: true });
    expect(await checklist()).toMatchObject({ done: true });

    // Removing the logo puts its item, and the checklist, back.
    await t.request("/api/settings/logo", { method: "DELETE", cookie: admin.cookie });
    expect(await checklist()).toMatchObject({ done: false });
    expect(itemOf(await checklist(), "logo")).toEqual({ id: "logo", done: false });
  });

  it("counts a legal page not written at all as not done", async () => {
    await t.db.delete(legalPages);
    for (const slug of LEGAL_SLUGS.slice(1)) {
      await t.request(`/api/admin/legal/pages/${slug}`, {
        method: "PUT",
        cookie: admin.cookie,
        body: { title: "Our page", content: "<p>Written by the academy.</p>" },
      });
    }
    expect(itemOf(await checklist(), "legal-pages")).toEqual({ id: "legal-pages", done: false });
  });

  it("prompts again once the exam date has passed (India's calendar)", async () => {
    const [row] = await t.db.select().from(siteSettings);
    const examDate = row?.examDate ?? "";
    const dayAfter = new Date(`${examDate}T00:00:00+05:30`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    expect(itemOf(await getSetupChecklist(t.db, dayAfter), "exam-date")).toEqual({
      id: "exam-date",
      done: false,
      examDate,
      passed: true,
    });
    // On the day itself it is not over yet.
    const onTheDay = new Date(`${examDate}T23:00:00+05:30`);
    expect(itemOf(await getSetupChecklist(t.db, onTheDay), "exam-date")).toMatchObject({
      done: true,
    });
  });

  it("is for admins only: a student gets 403 and a visitor 401, and nothing changes", async () => {
    const settingsBefore = await t.db.select().from(siteSettings);
    const gatewaysBefore = await t.db.select().from(paymentGateways);
    const asStudent = await t.request("/api/admin/setup-checklist", { cookie: student.cookie });
    expect(asStudent.status).toBe(403);
    expect(await asStudent.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
    expect((await t.request("/api/admin/setup-checklist")).status).toBe(401);
    expect(await t.db.select().from(siteSettings)).toEqual(settingsBefore);
    expect(await t.db.select().from(paymentGateways)).toEqual(gatewaysBefore);
  });
});
