import path from "node:path";
import { e2eDataDir } from "../playwright.config.ts";

// Made once per run by e2e/global-setup.ts, inside the run's fresh data directory.
export const AUTH_DIR = path.join(e2eDataDir, "e2e-auth");
/** The run's admin's session (a Playwright storage state). */
export const ADMIN_STATE = path.join(AUTH_DIR, "admin.json");
/** The run's admin's email, password and name. */
export const ADMIN_ACCOUNT = path.join(AUTH_DIR, "admin-account.json");
