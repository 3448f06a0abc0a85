// Runs once, after the web servers are up and before any journey: one admin, made with the real
// CLI, signed in through the API, its session saved as a Playwright storage state. Journeys that
// need an admin start from it (the loginAs fixture) instead of each spawning the CLI and typing
// into the login form (decision 031). The session lives in the run's fresh data directory.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type FullConfig, request } from "@playwright/test";
import { ADMIN_ACCOUNT, ADMIN_STATE, AUTH_DIR } from "./auth-state.ts";
import { createAdminWithCli } from "./helpers.ts";

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
  const admin = createAdminWithCli("Site Admin");
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const response = await context.post("/api/auth/sign-in/email", {
    data: { email: admin.email, password: admin.password },
  });
  if (response.status() !== 200) {
    throw new Error(`the admin could not sign in: ${response.status()} ${await response.text()}`);
  }
  mkdirSync(AUTH_DIR, { recursive: true });
  await context.storageState({ path: ADMIN_STATE });
  await context.dispose();
  const { email, password, fullName } = admin;
  writeFileSync(ADMIN_ACCOUNT, JSON.stringify({ email, password, fullName }));
  return path.resolve(ADMIN_STATE);
}
