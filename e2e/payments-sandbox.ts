// The Razorpay stand-in for the journeys: one more Playwright web server on a free port, and the
// settings that point the app at it. Kept in the environment because Playwright loads the config
// again in each worker, and the workers inherit it: everyone agrees on one port.
import type { PlaywrightTestConfig } from "@playwright/test";
import { freePortSync } from "../scripts/lib/free-port.mjs";

process.env.E2E_SANDBOX_PORT ||= String(freePortSync());
const sandboxURL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT}`;

export const sandboxKeys = {
  keyId: "rzp_test_E2eSandbox0001",
  keySecret: "e2e_sandbox_key_secret_0001",
  webhookSecret: "e2e_sandbox_webhook_secret_01",
} as const;

/** What the app needs to talk to the stand-in instead of Razorpay. */
export const sandboxAppEnv = {
  RAZORPAY_API_URL: sandboxURL,
  RAZORPAY_CHECKOUT_URL: `${sandboxURL}/v1/checkout.js`,
};

/** The stand-in as a Playwright web server; its signed webhooks go to the app at `appURL`. */
export function sandboxWebServer(appURL: string) {
  return {
    command: "node --import tsx scripts/payments-sandbox.ts",
    url: `${sandboxURL}/v1/checkout.js`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      SANDBOX_PORT: String(process.env.E2E_SANDBOX_PORT),
      SANDBOX_HOST: "127.0.0.1",
      APP_URL: appURL,
      SANDBOX_KEY_ID: sandboxKeys.keyId,
      SANDBOX_KEY_SECRET: sandboxKeys.keySecret,
      SANDBOX_WEBHOOK_SECRET: sandboxKeys.webhookSecret,
    },
  };
}

/** Adds the stand-in to the config's web servers. */
export function withSandbox(config: PlaywrightTestConfig, appURL: string): PlaywrightTestConfig {
  const servers = [config.webServer ?? []].flat();
  return { ...config, webServer: [...servers, sandboxWebServer(appURL)] };
}
