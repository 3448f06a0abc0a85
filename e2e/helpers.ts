import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { e2eDataDir } from "../playwright.config.ts";

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Registers a student through the API (fast set-up for journeys that are not about sign-up). */
export async function createStudent(
  request: APIRequestContext,
  baseURL: string,
  fullName = "Priya Sharma",
) {
  const email = uniqueEmail("student");
  const password = "Tq7-violet-harbor-92";
  const response = await request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL },
    data: {
      name: fullName,
      email,
      password,
      metadata: { full_name: fullName, mobile_number: "", address: "", date_of_birth: "" },
    },
  });
  expect(response.status()).toBe(200);
  return { email, password, fullName };
}

/** Runs the real CLI; the running server holds PGlite, so it goes through the local channel. */
export function createAdminWithCli(fullName = "Site Admin") {
  const email = uniqueEmail("admin");
  const password = "admin-pass-1";
  const output = execFileSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "scripts/create-admin.ts",
      "--email",
      email,
      "--password",
      password,
      "--name",
      fullName,
    ],
    { env: { ...process.env, DATA_DIR: e2eDataDir }, encoding: "utf8" },
  );
  return { email, password, fullName, output };
}

export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The newest mail written to the server's outbox for this address. */
export function lastMailTo(email: string): { subject: string; text: string } {
  const outbox = path.join(e2eDataDir, "outbox");
  const messages = readdirSync(outbox)
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), "utf8")))
    .filter((m) => m.to === email);
  const last = messages.at(-1);
  if (!last) throw new Error(`no mail to ${email}`);
  return last;
}
