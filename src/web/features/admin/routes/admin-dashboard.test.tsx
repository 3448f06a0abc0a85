import { screen } from "@testing-library/react";
import { adminSession, renderRoutes } from "@web/test/render.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminDashboardPage } from "./admin-dashboard.tsx";

function renderDashboard(twoFactorEnabled: boolean) {
  return renderRoutes([{ path: "/admin/dashboard", element: <AdminDashboardPage /> }], {
    path: "/admin/dashboard",
    session: adminSession({ twoFactorEnabled }),
  });
}

beforeEach(() => {
  // The overview figures are not what these tests look at.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}", { status: 503 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AdminDashboardPage", () => {
  it("prompts to turn on two-factor sign-in, linking to My Account, until it is on", () => {
    renderDashboard(false);
    const prompt = screen.getByRole("region", { name: "Turn on two-factor sign-in" });
    expect(prompt).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Set up two-factor sign-in" })).toHaveAttribute(
      "href",
      "/admin/account",
    );
  });

  it("shows no prompt once it is on, and keeps the way to My Account", () => {
    renderDashboard(true);
    expect(screen.queryByRole("region", { name: "Turn on two-factor sign-in" })).toBeNull();
    expect(screen.getByRole("link", { name: "My Account" })).toHaveAttribute(
      "href",
      "/admin/account",
    );
  });
});
