import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HINDI } from "../../../shared/i18n/hi/index.ts";
import { RAZORPAY_WEBHOOK_EVENTS } from "../../../shared/subscriptions.ts";
import { isHandledEvent } from "./webhook.service.ts";

// The events the webhook acts on are one list (shared/subscriptions.ts): the handler's switch is
// exhaustive over it, and what an operator reads (the settings screen, README, docs/deploy.md)
// names each, so Razorpay's dashboard is set to send every one, refunds included.

describe("the Razorpay webhook's events", () => {
  it("are handled exactly as listed, refund.processed among them", () => {
    expect(RAZORPAY_WEBHOOK_EVENTS).toContain("refund.processed");
    for (const event of RAZORPAY_WEBHOOK_EVENTS) expect(isHandledEvent(event), event).toBe(true);
    for (const event of ["refund.created", "refund.failed", "payment.authorized", "unknown"]) {
      expect(isHandledEvent(event), event).toBe(false);
    }
  });

  it("are each named in README and docs/deploy.md, and the screen's Hindi lists them too", () => {
    for (const file of ["README.md", "docs/deploy.md"]) {
      const text = readFileSync(file, "utf8");
      for (const event of RAZORPAY_WEBHOOK_EVENTS)
        expect(text, `${file}: ${event}`).toContain(event);
    }
    const key = "Add it in Razorpay's dashboard (events {{events}}) with the webhook secret above.";
    expect(HINDI[key]).toContain("{{events}}");
  });
});
