import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi, stubFetch } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { Toaster } from "sonner";
import { describe, expect, it } from "vitest";
import { GST_STATE_MESSAGES } from "../../../../shared/gst-states.ts";
import { PAYMENT_MESSAGES, PLAN_MESSAGES } from "../../../../shared/subscriptions.ts";
import { SubscriptionsPage } from "./subscriptions-page.tsx";

const freePlan = {
  id: "7a0c1f8e-2b64-4c55-9a57-3f0e0c4d1a11",
  name: "Starter Free",
  description: null,
  price: 0,
  currency: "INR",
  durationDays: 0,
  examLimit: 2,
  attemptLimitPerExam: 1,
  features: [],
  isActive: true,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
};

const paidPlan = {
  ...freePlan,
  id: "7a0c1f8e-2b64-4c55-9a57-3f0e0c4d1a12",
  name: "Pro",
  price: 499,
};

/** The server: one free plan, the given subscription, and a refusal of the free activation. */
function stubServer(subscription: unknown, refusal: string) {
  stubFetch((input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/api/subscriptions/plans")) return jsonResponse(200, [freePlan]);
    if (url.endsWith("/api/subscriptions/me")) return jsonResponse(200, { subscription });
    if (url.endsWith("/api/subscriptions/free")) {
      return jsonResponse(409, { error: { code: "CONFLICT", message: refusal } });
    }
    return jsonResponse(404, { error: { code: "NOT_FOUND", message: "Not found." } });
  });
}

function renderPage() {
  const page = (
    <>
      <SubscriptionsPage />
      <Toaster />
    </>
  );
  return renderRoutes([{ path: "/student/subscriptions", element: page }], {
    path: "/student/subscriptions",
    session: studentSession(),
  });
}

describe("SubscriptionsPage", () => {
  it("shows the server's message when a free plan cannot be activated again", async () => {
    stubServer(null, PAYMENT_MESSAGES.freeUsedOnce);
    renderPage();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Get Started" }));
    expect((await screen.findAllByText("Subscription Error")).length).toBeGreaterThan(0);
    expect(await screen.findByText(PAYMENT_MESSAGES.freeUsedOnce)).toBeInTheDocument();
  });

  it("says that buying another plan replaces the current one", async () => {
    const subscription = {
      id: "s1",
      planId: "another-plan",
      planName: "Pro Monthly",
      status: "active",
      startDate: new Date(0).toISOString(),
      endDate: null,
      durationDays: 30,
      examLimit: null,
      attemptLimitPerExam: null,
    };
    stubServer(subscription, PAYMENT_MESSAGES.freeWhileActive);
    renderPage();
    expect(await screen.findByText(PLAN_MESSAGES.replaceNote)).toBeInTheDocument();
  });

  it("asks the student's state once before the first paid checkout, as an accessible select", async () => {
    const orders: unknown[] = [];
    stubApi({
      "GET /api/subscriptions/plans": () => jsonResponse(200, [paidPlan]),
      "GET /api/subscriptions/me": () => jsonResponse(200, { subscription: null }),
      "GET /api/payments/billing-state": () => jsonResponse(200, { stateCode: null }),
      "POST /api/payments/razorpay/orders": ({ json }) => {
        orders.push(json());
        return jsonResponse(409, { error: { code: "CONFLICT", message: "Stop here." } });
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Pro/ }));
    const dialog = await screen.findByRole("dialog", { name: "Your state for the tax invoice" });
    const select = within(dialog).getByLabelText("State or union territory");
    expect(select).toHaveAccessibleDescription(/place of supply/);
    // Nothing chosen: the form says so and no order is made.
    await user.click(within(dialog).getByRole("button", { name: "Continue to payment" }));
    expect(await within(dialog).findByText(GST_STATE_MESSAGES.unknown)).toBeVisible();
    expect(orders).toEqual([]);
    await user.selectOptions(select, "Karnataka (29)");
    await user.click(within(dialog).getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(orders).toEqual([{ planId: paidPlan.id, stateCode: "29" }]));
  });
});
