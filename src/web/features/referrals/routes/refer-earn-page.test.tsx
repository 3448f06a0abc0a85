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
    updatedAt: "2026-11-20T04:00:00.000Z",
  },
  balance: 51,
  owed: 0,
  referrals: [
    {
      id: "r1",
      name: "Priya S.",
      email: "p***a@e***.com",
      signedUpAt: "2026-11-20T04:00:00.000Z",
      paidAt: "2026-11-21T04:00:00.000Z",
      status: "credited",
    },
    {
      id: "r2",
      name: "Ravi K.",
      email: "r***i@e***.com",
      signedUpAt: "2026-11-22T04:00:00.000Z",
      paidAt: null,
      status: "signed_up",
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
      expiresAt: "2026-12-21T04:00:00.000Z",
      revokedAt: null,
      state: "available",
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
    const credits = screen.getByRole("region", { name: "Your credits" });
    expect(within(credits).getByRole("listitem")).toHaveTextContent("₹100");
    expect(within(credits).getByRole("listitem")).toHaveTextContent("used ₹49");
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
