// `npm run payments:sandbox`: a local stand-in for Razorpay (see README, "Payments").
import { createRazorpaySandbox } from "./razorpay-sandbox/sandbox.ts";

const env = process.env;
const port = Number(env.SANDBOX_PORT ?? 4010);
const appUrl = env.APP_URL ?? "http://localhost:3000";
const keyId = env.SANDBOX_KEY_ID ?? "rzp_test_LocalSandbox01";
const keySecret = env.SANDBOX_KEY_SECRET ?? "sandbox_key_secret_0123456789";
const webhookSecret = env.SANDBOX_WEBHOOK_SECRET ?? "sandbox_webhook_secret_0123";

const sandbox = createRazorpaySandbox({
  port,
  host: env.SANDBOX_HOST ?? "127.0.0.1",
  keyId,
  keySecret,
  webhookSecret,
  webhookUrl: env.SANDBOX_WEBHOOK_URL ?? `${appUrl}/api/payments/razorpay/webhook`,
  log: (line) => process.stdout.write(`${line}\n`),
});
const base = await sandbox.listen();
process.stdout.write(
  [
    "",
    `  Razorpay sandbox at ${base}`,
    "",
    "  Start the app with:",
    `    RAZORPAY_API_URL=${base} RAZORPAY_CHECKOUT_URL=${base}/v1/checkout.js npm start`,
    "",
    "  Then in /admin/payment-settings enter:",
    `    Key ID          ${keyId}`,
    `    Key Secret      ${keySecret}`,
    `    Webhook Secret  ${webhookSecret}`,
    "",
    `  Webhooks go to ${env.SANDBOX_WEBHOOK_URL ?? `${appUrl}/api/payments/razorpay/webhook`}`,
    "",
  ].join("\n"),
);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
