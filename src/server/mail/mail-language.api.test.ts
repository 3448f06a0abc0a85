import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../db/schema/auth.ts";
import { profiles } from "../db/schema/profiles.ts";
import { setupTestApp } from "../test/test-app.ts";

// The emails the server sends are written in the recipient's interface language (decision 039):
// their stored choice, else the language of the page that asked (the `lang` cookie), else English.

const { t, hindi, english } = setupTestApp({ users: { hindi: "student", english: "student" } });

const APP = "My Exam App";
const LINK = /http:\/\/localhost:3000\S+/;

async function chooseLanguage(cookie: string, language: "en" | "hi") {
  const saved = await t.request("/api/account/language", {
    method: "PUT",
    cookie,
    body: { language },
  });
  expect(saved.status).toBe(200);
}

async function askForReset(email: string, headers: Record<string, string> = {}) {
  const asked = await t.request("/api/auth/request-password-reset", {
    body: { email, redirectTo: "/reset-password" },
    headers,
  });
  expect(asked.status).toBe(200);
  const mail = t.mail.findLast((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

describe("the password reset email", () => {
  it("is in Hindi for a student who chose Hindi, even asked from an English page", async () => {
    await chooseLanguage(hindi.cookie, "hi");
    const mail = await askForReset(hindi.email, { cookie: "lang=en" });
    const link = mail.text.match(LINK)?.[0];
    expect(mail.subject).toBe(`अपना ${APP} पासवर्ड रीसेट करें`);
    expect(mail.text).toBe(
      [
        "हमें आपका पासवर्ड रीसेट करने का अनुरोध मिला है। यह लिंक एक घंटे तक मान्य है।",
        `पासवर्ड रीसेट करें: ${link}`,
        "यदि आपने यह अनुरोध नहीं किया है, तो आप इस ईमेल को अनदेखा कर सकते हैं।",
      ].join("\n\n"),
    );
    expect(mail.html).toContain(">पासवर्ड रीसेट करें</a>");
    expect(mail.text).not.toMatch(/[A-Za-z]{4,} [a-z]{2,}/);
  });

  it("is the spec's English for a student who chose English, even asked from a Hindi page", async () => {
    await chooseLanguage(english.cookie, "en");
    const mail = await askForReset(english.email, { cookie: "lang=hi" });
    const link = mail.text.match(LINK)?.[0];
    expect(link).toMatch(/\/api\/auth\/reset-password\//);
    expect(mail.subject).toBe(`Reset your ${APP} password`);
    expect(mail.text).toBe(
      [
        "We received a request to reset your password. The link is valid for one hour.",
        `Reset password: ${link}`,
        "If you did not ask for this, you can ignore this email.",
      ].join("\n\n"),
    );
    expect(mail.html).toBe(
      `<p>We received a request to reset your password. The link is valid for one hour.</p><p><a href="${link}">Reset password</a></p><p>If you did not ask for this, you can ignore this email.</p>`,
    );
  });

  it("is English for a student who has not chosen, unless the asking page was Hindi", async () => {
    const email = "undecided@example.com";
    await t.signUp({ email });
    const [row] = await t.db
      .select({ ui: profiles.uiLanguage })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(user.email, email));
    expect(row?.ui).toBeNull();
    expect((await askForReset(email)).subject).toBe(`Reset your ${APP} password`);
    expect((await askForReset(email, { cookie: "lang=hi" })).subject).toBe(
      `अपना ${APP} पासवर्ड रीसेट करें`,
    );
    // A cookie naming no language of the interface changes nothing.
    expect((await askForReset(email, { cookie: "lang=fr" })).subject).toBe(
      `Reset your ${APP} password`,
    );
  });
});

describe("the sign-up verification email", () => {
  it("follows the language the student registered in", async () => {
    const inHindi = await t.signUp(
      { email: "hindi-reader@example.com" },
      { headers: { cookie: "lang=hi" } },
    );
    expect(inHindi.status).toBe(200);
    const hindiMail = t.mail.findLast((m) => m.to === "hindi-reader@example.com");
    expect(hindiMail?.subject).toBe(`${APP} के लिए अपना ईमेल सत्यापित करें`);
    expect(hindiMail?.text).toMatch(
      /^My Exam App में आपका स्वागत है! कृपया अपने ईमेल पते की पुष्टि करें।\n\nईमेल सत्यापित करें: http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/,
    );

    await t.signUp({ email: "english-reader@example.com" });
    const englishMail = t.mail.findLast((m) => m.to === "english-reader@example.com");
    expect(englishMail?.subject).toBe(`Verify your email for ${APP}`);
    expect(englishMail?.text).toMatch(
      /^Welcome to My Exam App! Please confirm your email address\.\n\nVerify email: http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/,
    );
  });
});
