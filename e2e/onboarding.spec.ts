import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { uniqueEmail } from "./helpers.ts";

/**
 * Latin words a Hindi screen may still show: names kept as they are (the exams' abbreviations,
 * "UPSC"), never interface text. The header's switch ("English") sits outside <main>.
 */
const KEPT_AS_THEY_ARE = new Set(["UPSC", "IAS", "IPS", "IFS", "CDS", "CAPF", "PSC"]);

/** English words in the page's content: its text, option texts, and the names given to controls. */
async function englishIn(page: Page): Promise<string[]> {
  const texts = await page.locator("main").evaluate((main: HTMLElement) => {
    const parts = [main.innerText];
    for (const el of main.querySelectorAll("option, [aria-label], [placeholder], [title]")) {
      parts.push(
        el.textContent ?? "",
        el.getAttribute("aria-label") ?? "",
        el.getAttribute("placeholder") ?? "",
        el.getAttribute("title") ?? "",
      );
    }
    return parts.join("\n");
  });
  return (texts.match(/[A-Za-z][A-Za-z'’-]+/g) ?? []).filter((w) => !KEPT_AS_THEY_ARE.has(w));
}

test("a new student registers in Hindi, is taken through onboarding and lands on the dashboard", async ({
  page,
}) => {
  const email = uniqueEmail("hindi");
  await page.goto("/register");
  await page.getByRole("button", { name: "Change language to Hindi" }).click();
  await expect(page.getByRole("heading", { name: "रजिस्टर करें" })).toBeVisible();
  expect(await englishIn(page)).toEqual([]);

  // Four fields; the optional group stays empty.
  await page.getByLabel("पूरा नाम").fill("सुनीता वर्मा");
  await page.getByLabel("ईमेल").fill(email);
  await page.getByLabel("पासवर्ड", { exact: true }).fill("Tq7-violet-harbor-92");
  await page.getByLabel("पासवर्ड की पुष्टि करें").fill("Tq7-violet-harbor-92");
  await expect(page.getByRole("group", { name: "वैकल्पिक" })).toBeVisible();
  await page.getByRole("button", { name: "रजिस्टर करें" }).click();

  // Verification is off (as in the demo): signed in at once and taken to onboarding.
  await expect(page).toHaveURL(/\/student\/welcome$/);
  await expect(page.getByText("आपका खाता तैयार है।")).toBeVisible();
  await expect(page.getByRole("heading", { name: "आपकी लक्ष्य परीक्षा" })).toBeVisible();
  expect(await englishIn(page)).toEqual([]);
  await page.getByLabel("परीक्षा", { exact: true }).selectOption("upsc_cse");
  const year = await page.getByLabel("जिस वर्ष आप परीक्षा देंगे").inputValue();
  await page.getByRole("button", { name: "अगला" }).click();

  await expect(page.getByRole("heading", { name: "भाषा", level: 2 })).toBeVisible();
  await expect(page.getByRole("radio", { name: "हिन्दी" })).toBeChecked();
  expect(await englishIn(page)).toEqual([]);
  await page.getByRole("button", { name: "अगला" }).click();

  await expect(page.getByRole("heading", { name: "आपका दैनिक लक्ष्य" })).toBeVisible();
  expect(await englishIn(page)).toEqual([]);
  await page.getByLabel("प्रतिदिन पढ़ाई के घंटे").selectOption("3");
  await page.getByRole("button", { name: "पूरा करें" }).click();

  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await expect(page.getByText("सब तैयार है!")).toBeVisible();
  // Saved on the server: the target, the goal, the language, and onboarding finished.
  const onboarding = await (await page.request.get("/api/onboarding")).json();
  expect(onboarding).toEqual({
    completed: true,
    targetExam: "upsc_cse",
    targetYear: Number(year),
    dailyGoalHours: 3,
  });
  const me = await (await page.request.get("/api/account/me")).json();
  expect(me.profile).toMatchObject({ fullName: "सुनीता वर्मा", uiLanguage: "hi" });
});
