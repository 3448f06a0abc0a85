import { screen } from "@testing-library/react";
import { queryKeys } from "@web/lib/query-keys.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { ContactPage, TermsPage } from "./legal-page.tsx";

describe("LegalPage", () => {
  it("shows the admin's text, sanitised, with its last update", async () => {
    stubApi({
      "GET /api/legal/pages/terms": () =>
        jsonResponse(200, {
          slug: "terms",
          title: "Terms of Service",
          content:
            '<h2>Your account</h2><p>One account per person.</p><img src=x onerror="alert(1)">',
          updatedAt: "2026-11-20T04:00:00.000Z",
        }),
    });
    const { container } = renderRoutes([{ path: "/terms", element: <TermsPage /> }], {
      path: "/terms",
      session: null,
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Terms of Service" }),
    ).toBeVisible();
    expect(screen.getByRole("heading", { level: 2, name: "Your account" })).toBeVisible();
    expect(screen.getByText("Last updated 20 Nov 2026")).toBeVisible();
    expect(container.querySelector("[onerror]")).toBeNull();
    // No admin's note on the public page.
    expect(screen.queryByText(/edit me/i)).toBeNull();
  });

  it("says a page not written yet is not there", async () => {
    stubApi({
      "GET /api/legal/pages/terms": () =>
        jsonResponse(404, {
          error: { code: "NOT_FOUND", message: "This page has not been written yet." },
        }),
    });
    renderRoutes([{ path: "/terms", element: <TermsPage /> }], { path: "/terms", session: null });
    expect(await screen.findByText("This page has not been written yet.")).toBeVisible();
    expect(screen.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  });

  it("gives the contact page the settings' email and postal address", async () => {
    stubApi({
      "GET /api/legal/pages/contact": () =>
        jsonResponse(200, {
          slug: "contact",
          title: "Contact Us",
          content: "<p>Write to us.</p>",
          updatedAt: "2026-11-20T04:00:00.000Z",
        }),
    });
    const { queryClient } = renderRoutes([{ path: "/contact", element: <ContactPage /> }], {
      path: "/contact",
      session: null,
    });
    queryClient.setQueryData(queryKeys.settings.public, {
      appTitle: "Test App",
      contactEmail: "help@example.com",
      maintenanceMode: false,
      examName: "UPSC",
      examDate: "2027-05-23",
      businessName: "Demo Academy Pvt Ltd",
      postalAddress: "12 Ring Road\nNew Delhi 110001",
    });
    expect(await screen.findByRole("link", { name: "help@example.com" })).toHaveAttribute(
      "href",
      "mailto:help@example.com",
    );
    expect(screen.getByText(/12 Ring Road/)).toHaveTextContent(
      "Postal address: Demo Academy Pvt Ltd 12 Ring Road New Delhi 110001",
    );
    expect(screen.getByRole("link", { name: "Send a support request" })).toHaveAttribute(
      "href",
      "/support",
    );
  });
});
