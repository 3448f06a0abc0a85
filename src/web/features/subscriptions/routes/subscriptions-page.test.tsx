import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { Toaster } from "sonner";
import { describe, expect, it } from "vitest";
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
});
