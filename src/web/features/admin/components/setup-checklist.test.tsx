import { screen, waitFor, within } from "@testing-library/react";
import { applyLanguage } from "@web/lib/i18n.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { adminSession, renderRoutes } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import type { SetupChecklist } from "../../../../shared/setup-checklist.ts";
import { AdminDashboardPage } from "../routes/admin-dashboard.tsx";

const FRESH: SetupChecklist = {
  done: false,
  items: [
    { id: "app-title", done: true },
    { id: "contact-email", done: false },
    { id: "logo", done: false },
    { id: "exam-date", done: false, examDate: "2025-05-25", passed: true },
    { id: "razorpay", done: false },
    { id: "legal-pages", done: true },
  ],
};

function renderDashboard(checklist: SetupChecklist) {
  stubApi({
    "GET /api/admin/setup-checklist": () => jsonResponse(200, checklist),
    "GET /api/admin/overview": () => jsonResponse(503, {}),
  });
  return renderRoutes([{ path: "/admin/dashboard", element: <AdminDashboardPage /> }], {
    path: "/admin/dashboard",
    session: adminSession({ twoFactorEnabled: true }),
  });
}

describe("the admin dashboard's setup checklist", () => {
  it("lists what is left, each item linked to where it is fixed", async () => {
    renderDashboard(FRESH);
    const checklist = await screen.findByRole("region", { name: "Finish setting up your site" });
    expect(within(checklist).getByText(/^2 of 6 done\./)).toBeInTheDocument();
    const links = within(checklist)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["Name your site", "/admin/settings"],
      ["Set your contact email", "/admin/settings"],
      ["Upload your logo", "/admin/settings"],
      ["Set the next exam date", "/admin/settings"],
      ["Connect Razorpay", "/admin/payment-settings"],
      ["Write your legal pages", "/admin/legal-pages"],
    ]);
    // The passed exam date is named, so the admin knows why the home page says it is over.
    expect(
      within(checklist).getByText(
        "The exam date 25 May 2025 has passed: the home page says the exam is over.",
      ),
    ).toBeInTheDocument();
    const items = within(checklist).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByText(/^(Done|To do)$/).textContent)).toEqual([
      "Done",
      "To do",
      "To do",
      "To do",
      "To do",
      "Done",
    ]);
  });

  it("is gone once everything is done", async () => {
    const { queryClient } = renderDashboard({
      done: true,
      items: FRESH.items.map((item) => ({ ...item, done: true, passed: false })) as never,
    });
    // The answer has arrived (and was drawn as nothing).
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.admin.setupChecklist)?.status).toBe("success"),
    );
    expect(screen.getByRole("heading", { name: "Admin Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Finish setting up your site" })).toBeNull();
  });

  it("is in Hindi with the rest of the dashboard", async () => {
    await applyLanguage("hi");
    renderDashboard(FRESH);
    expect(await screen.findByRole("heading", { name: "एडमिन डैशबोर्ड" })).toBeInTheDocument();
    const checklist = await screen.findByRole("region", { name: "अपनी साइट की सेटिंग पूरी करें" });
    expect(within(checklist).getByRole("link", { name: "Razorpay जोड़ें" })).toBeInTheDocument();
    expect(within(checklist).getByRole("link", { name: "अपना लोगो अपलोड करें" })).toBeInTheDocument();
    expect(within(checklist).getByRole("link", { name: "अपने कानूनी पृष्ठ लिखें" })).toHaveAttribute(
      "href",
      "/admin/legal-pages",
    );
  });
});
