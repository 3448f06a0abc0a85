import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReferEarnPage } from "./refer-earn-page.tsx";

const MINE = {
  code: "ABCD2345",
  link: "http://localhost:3000/register?ref=ABCD2345",
  programme: {
    enabled: true,
    creditKind: "amount",
    creditValue: 100,
    creditExpiryDays: 30,
    discountKind: "percent",
    discountValue: 10,
    creditMaxSharePercent: 50,
    minPlanPrice: 499,
    monthlyCreditLimit: 5,
    creditHoldDays: 7,
    updatedAt: "2026-11-20T04:00:00.000Z",
  },
  balance: 51,
  pending: 100,
  owed: 0,
  referrals: [
    {
      id: "r1",
      name: "Priya S.",
      email: "p***a@e***.com",
      signedUpAt: "2026-11-20T04:00:00.000Z",
      paidAt: "2026-11-21T04:00:00.000Z",
      status: "credited",
      noCreditReason: null,
    },
    {
      id: "r2",
      name: "Ravi K.",
      email: "r***i@e***.com",
      signedUpAt: "2026-11-22T04:00:00.000Z",
      paidAt: null,
      status: "signed_up",
      noCreditReason: null,
    },
    {
      id: "r3",
      name: "Asha M.",
      email: "a***a@e***.com",
      signedUpAt: "2026-11-23T04:00:00.000Z",
      paidAt: "2026-11-24T04:00:00.000Z",
      status: "paid",
      noCreditReason: "below_minimum",
    },
    {
      id: "r4",
      name: "Dev T.",
      email: "d***v@e***.com",
      signedUpAt: "2026-11-24T04:00:00.000Z",
      paidAt: "2026-11-25T04:00:00.000Z",
      status: "credited",
      noCreditReason: null,
    },
  ],
  credits: [
    {
      id: "c1",
      referralId: "r1",
      amount: 100,
      used: 49,
      left: 51,
      clawback: 0,
      earnedAt: "2026-11-21T04:00:00.000Z",
      spendableAt: "2026-11-21T04:00:00.000Z",
      expiresAt: "2026-12-21T04:00:00.000Z",
      revokedAt: null,
      state: "available",
    },
    {
      id: "c2",
      referralId: "r4",
      amount: 100,
      used: 0,
      left: 100,
      clawback: 0,
      earnedAt: "2026-11-25T04:00:00.000Z",
      spendableAt: "2026-12-02T04:00:00.000Z",
      expiresAt: "2027-01-01T04:00:00.000Z",
      revokedAt: null,
      state: "pending",
    },
  ],
};

function renderPage() {
  stubApi({ "GET /api/referrals/me": () => jsonResponse(200, MINE) });
  return renderRoutes([{ path: "/student/refer-earn", element: <ReferEarnPage /> }], {
    path: "/student/refer-earn",
    session: studentSession(),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ReferEarnPage", () => {
  it("shows the code, the link, the balance, the referrals and the credits", async () => {
    renderPage();
    expect(await screen.findByText("ABCD2345")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Refer & Earn" })).toBeVisible();
    expect(screen.getByLabelText("Your referral link")).toHaveValue(MINE.link);
    expect(screen.getByText("₹51")).toBeVisible();
    expect(
      screen.getByText(/Your friend gets 10% off their first plan\. When they pay, you get ₹100/),
    ).toBeVisible();
    const referrals = screen.getByRole("region", { name: "Your referrals" });
    const items = within(referrals).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Priya S.");
    expect(items[0]).toHaveTextContent("Credited");
    expect(items[1]).toHaveTextContent("Signed up");
    expect(items[2]).toHaveTextContent("No credit: the plan is below the minimum price.");
    // Spendable and pending credit, apart.
    const balance = screen.getByRole("region", { name: "Available balance" });
    expect(balance).toHaveTextContent("Pending: ₹100");
    const credits = screen.getByRole("region", { name: "Your credits" });
    const [available, pending] = within(credits).getAllByRole("listitem");
    expect(available).toHaveTextContent("used ₹49");
    expect(pending).toHaveTextContent("Pending");
    expect(pending).toHaveTextContent(/spendable from/);
    const rules = screen.getByRole("region", { name: "Rules" });
    expect(rules).toHaveTextContent("Plans under ₹499 earn no credit.");
    expect(rules).toHaveTextContent("at most 50% of what your friend paid");
    expect(rules).toHaveTextContent("up to 5 credits each calendar month");
    expect(rules).toHaveTextContent("pending for 7 days");
  });

  it("copies the link where the browser has no share sheet, and shares it where it has", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText }, share: undefined });
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Share link" }));
    expect(writeText).toHaveBeenCalledWith(MINE.link);

    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText }, share });
    await user.click(screen.getByRole("button", { name: "Share link" }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: MINE.link }));
    expect(writeText).toHaveBeenCalledTimes(1);
  });
});
