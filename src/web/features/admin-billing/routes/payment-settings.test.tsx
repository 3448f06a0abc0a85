import { screen } from "@testing-library/react";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { RAZORPAY_WEBHOOK_EVENTS } from "../../../../shared/subscriptions.ts";
import { PaymentSettingsPage } from "./payment-settings.tsx";

describe("PaymentSettingsPage", () => {
  it("shows each write-only secret blank, with its saved hint or 'Not set yet.'", async () => {
    stubFetch(() =>
      jsonResponse(200, {
        keyId: "rzp_test_abc",
        keySecretHint: "••••f00d",
        webhookSecretHint: null,
        isActive: true,
        mode: "test",
        secretsReadable: true,
        webhookUrl: "http://localhost/api/payments/razorpay/webhook",
      }),
    );
    renderPage(<PaymentSettingsPage />);
    const keySecret = await screen.findByLabelText("Key Secret");
    expect(keySecret).toHaveValue("");
    expect(keySecret).toHaveAttribute("type", "password");
    // The hint is the field's accessible description: a screen reader reads it with the label.
    expect(keySecret).toHaveAccessibleDescription("Saved (••••f00d). Leave blank to keep it.");
    const webhookSecret = screen.getByLabelText("Webhook Secret");
    expect(webhookSecret).toHaveValue("");
    expect(webhookSecret).toHaveAttribute("autocomplete", "new-password");
    expect(webhookSecret).toHaveAccessibleDescription("Not set yet.");
    // Every event the webhook acts on is named for the dashboard, refunds included.
    const events = screen.getByText(/Add it in Razorpay's dashboard/);
    for (const event of RAZORPAY_WEBHOOK_EVENTS) expect(events).toHaveTextContent(event);
    expect(events).toHaveTextContent("refund.processed");
  });
});
