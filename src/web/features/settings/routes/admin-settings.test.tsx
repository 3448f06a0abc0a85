import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { adminSession, renderRoutes } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SETTINGS_MESSAGES } from "../../../../shared/settings.ts";
import { AdminSettingsPage } from "./admin-settings.tsx";

const SETTINGS = {
  appTitle: "Civils Prep",
  contactEmail: "help@example.com",
  maintenanceMode: false,
  examName: "UPSC CSE Prelims",
  examDate: "2027-05-23",
  sellerName: "",
  sellerAddress: "",
  sellerGstin: "",
  gstRate: null,
  updatedAt: "2026-11-20T04:00:00.000Z",
};

function renderSettings(routes: Record<string, ApiRoute>) {
  const stub = stubApi(routes);
  const view = renderRoutes([{ path: "/admin/settings", element: <AdminSettingsPage /> }], {
    path: "/admin/settings",
    session: adminSession(),
  });
  return { ...view, ...stub };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("AdminSettingsPage", () => {
  it("fills the form with the stored settings", async () => {
    renderSettings({ "GET /api/settings": () => jsonResponse(200, SETTINGS) });
    expect(await screen.findByLabelText("Application Title")).toHaveValue("Civils Prep");
    expect(screen.getByLabelText("Contact Email")).toHaveValue("help@example.com");
    expect(screen.getByLabelText("Target exam (home page)")).toHaveValue("UPSC CSE Prelims");
    expect(screen.getByLabelText("Next exam date")).toHaveValue("2027-05-23");
    const maintenance = screen.getByRole("switch", { name: "Maintenance Mode" });
    expect(maintenance).not.toBeChecked();
    expect(maintenance).toHaveAccessibleDescription(SETTINGS_MESSAGES.maintenanceHelp);
  });

  it("shows the error with a retry and the spec's toast", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    renderSettings({
      "GET /api/settings": () =>
        jsonResponse(500, { error: { code: "INTERNAL", message: "Database offline." } }),
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Error Fetching Settings" })).toBeVisible();
    expect(alert).toHaveTextContent("Database offline.");
    expect(within(alert).getByRole("button", { name: "Try Again" })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith("Error Fetching Settings", "Database offline.");
    expect(screen.queryByRole("button", { name: "Save Settings" })).toBeNull();
  });

  it("saves with the spec's toast and refreshes the settings the whole site reads", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let sent: unknown;
    const { queryClient } = renderSettings({
      "GET /api/settings": () => jsonResponse(200, SETTINGS),
      "PUT /api/settings": ({ json }) => {
        sent = json();
        return jsonResponse(200, { ...SETTINGS, ...(sent as object) });
      },
    });
    const title = await screen.findByLabelText("Application Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Civils Prep Pro");
    await userEvent.click(screen.getByRole("switch", { name: "Maintenance Mode" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        "Settings Saved",
        "Your site settings have been updated.",
      ),
    );
    expect(sent).toEqual({
      appTitle: "Civils Prep Pro",
      contactEmail: "help@example.com",
      maintenanceMode: true,
      examName: "UPSC CSE Prelims",
      examDate: "2027-05-23",
      sellerName: "",
      sellerAddress: "",
      sellerGstin: "",
      gstRate: null,
    });
    // The header, title and footer read the public settings: they are marked for a refetch.
    expect(queryClient.getQueryState(queryKeys.settings.public)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(queryKeys.settings.admin)).toMatchObject({
      appTitle: "Civils Prep Pro",
      maintenanceMode: true,
    });
  });

  it("refuses an invalid form in place, sending nothing", async () => {
    const { requests } = renderSettings({ "GET /api/settings": () => jsonResponse(200, SETTINGS) });
    await userEvent.clear(await screen.findByLabelText("Application Title"));
    const email = screen.getByLabelText("Contact Email");
    await userEvent.clear(email);
    await userEvent.type(email, "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Application title is required.")).toBeInTheDocument();
    expect(screen.getByText("Enter a valid contact email address.")).toBeInTheDocument();
    expect(requests).toEqual(["GET /api/settings"]);
  });

  it("saves the invoice seller and GST rate, and asks for a GSTIN before charging GST", async () => {
    let sent: unknown;
    const { requests } = renderSettings({
      "GET /api/settings": () => jsonResponse(200, SETTINGS),
      "PUT /api/settings": ({ json }) => {
        sent = json();
        return jsonResponse(200, { ...SETTINGS, ...(sent as object) });
      },
    });
    await userEvent.type(await screen.findByLabelText("Business name"), "Demo Academy Pvt Ltd");
    await userEvent.type(screen.getByLabelText("Postal address"), "12 Ring Road, New Delhi");
    await userEvent.type(screen.getByLabelText("GST rate (%)"), "18");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Enter the GSTIN before charging GST.")).toBeInTheDocument();
    expect(requests).toEqual(["GET /api/settings"]);
    await userEvent.type(screen.getByLabelText("GSTIN"), "07aabcd1234e1z5");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(sent).toMatchObject({
        sellerName: "Demo Academy Pvt Ltd",
        sellerAddress: "12 Ring Road, New Delhi",
        sellerGstin: "07AABCD1234E1Z5",
        gstRate: 18,
      }),
    );
  });

  it("shows the server's refusal as the spec's error toast", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    renderSettings({
      "GET /api/settings": () => jsonResponse(200, SETTINGS),
      "PUT /api/settings": () =>
        jsonResponse(403, { error: { code: "FORBIDDEN", message: "Admins only." } }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Error Saving Settings", "Admins only."),
    );
  });
});
