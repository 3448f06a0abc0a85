import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { adminSession, renderRoutes } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReferralSettingsForm } from "./referral-settings-form.tsx";

const SETTINGS = {
  enabled: true,
  creditKind: "amount",
  creditValue: 100,
  creditExpiryDays: 180,
  discountKind: "amount",
  discountValue: 50,
  creditMaxSharePercent: 50,
  minPlanPrice: 499,
  monthlyCreditLimit: 5,
  creditHoldDays: 7,
  updatedAt: "2026-11-20T04:00:00.000Z",
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ReferralSettingsForm", () => {
  it("shows the limits, refuses a share over 100% before sending, and saves them", async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    stubApi({
      "GET /api/admin/referrals/settings": () => jsonResponse(200, SETTINGS),
      "PUT /api/admin/referrals/settings": ({ json }) => {
        saved.push(json());
        return jsonResponse(200, SETTINGS);
      },
    });
    renderRoutes([{ path: "/admin/referrals", element: <ReferralSettingsForm /> }], {
      path: "/admin/referrals",
      session: adminSession(),
    });
    const share = await screen.findByLabelText("Most of what the friend paid (%)");
    await vi.waitFor(() => expect(share).toHaveValue(50));
    expect(screen.getByLabelText("Minimum plan price (₹)")).toHaveValue(499);
    expect(screen.getByLabelText("Credits per referrer a month")).toHaveValue(5);
    expect(screen.getByLabelText("Refund window (days)")).toHaveValue(7);

    await user.clear(share);
    await user.type(share, "150");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    expect(
      await screen.findByText("The share must be a whole percent from 0 to 100."),
    ).toBeVisible();
    expect(saved).toEqual([]);

    await user.clear(share);
    await user.type(share, "40");
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      creditMaxSharePercent: 40,
      minPlanPrice: 499,
      monthlyCreditLimit: 5,
      creditHoldDays: 7,
    });
  });
});
