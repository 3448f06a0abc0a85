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
  sellerStateCode: "",
  gstRate: null,
  reportSlaHours: 48,
  logoUrl: null as string | null,
  updatedAt: "2026-11-20T04:00:00.000Z",
};
const LOGO = "/storage/site_logos/logo-1795500000000-0a1b2c3d.png";

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
    await userEvent.selectOptions(screen.getByLabelText("State (GST)"), "Karnataka (29)");
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
      sellerStateCode: "29",
      gstRate: null,
      reportSlaHours: 48,
    });
    // The header, title and footer read the public settings: they are marked for a refetch.
    expect(queryClient.getQueryState(queryKeys.settings.public)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(queryKeys.settings.admin)).toMatchObject({
      appTitle: "Civils Prep Pro",
      maintenanceMode: true,
    });
  });

  it("saves the hours to answer a question report, from 1 to 720", async () => {
    let sent: unknown;
    const { requests } = renderSettings({
      "GET /api/settings": () => jsonResponse(200, SETTINGS),
      "PUT /api/settings": ({ json }) => {
        sent = json();
        return jsonResponse(200, { ...SETTINGS, ...(sent as object) });
      },
    });
    const hours = await screen.findByLabelText("Hours to answer a question report");
    expect(hours).toHaveValue(48);
    await userEvent.clear(hours);
    await userEvent.type(hours, "0");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(
      await screen.findByText("Enter a whole number of hours from 1 to 720."),
    ).toBeInTheDocument();
    expect(requests).toEqual(["GET /api/settings"]);
    await userEvent.clear(hours);
    await userEvent.type(hours, "72");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(sent).toMatchObject({ reportSlaHours: 72 }));
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

  it("uploads a chosen logo at once, shows it, and removes it", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let sentFile: unknown;
    const { queryClient, requests } = renderSettings({
      "GET /api/settings": () => jsonResponse(200, SETTINGS),
      "POST /api/settings/logo": ({ init }) => {
        sentFile = init?.body instanceof FormData ? init.body.get("file") : null;
        return jsonResponse(201, { ...SETTINGS, logoUrl: LOGO });
      },
      "DELETE /api/settings/logo": () => jsonResponse(200, SETTINGS),
    });
    const logo = await screen.findByRole("region", { name: "Logo" });
    expect(
      within(logo).getByText("No logo yet: the header shows the application title."),
    ).toBeVisible();
    expect(within(logo).queryByRole("button", { name: "Remove Logo" })).toBeNull();
    const input = within(logo).getByLabelText("Upload a logo");
    expect(input).toHaveAccessibleDescription(
      "PNG, JPEG or WebP, up to 1 MB. The header shows it 32 pixels high.",
    );
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", {
      type: "image/png",
    });
    await userEvent.upload(input, file);
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        "Logo Uploaded",
        "The header and link previews now show your logo.",
      ),
    );
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe("logo.png");
    expect(within(logo).getByRole("img", { name: "Current logo" })).toHaveAttribute("src", LOGO);
    expect(within(logo).getByLabelText("Replace the logo")).toBeInTheDocument();
    // The header reads the public settings: they are marked for a refetch.
    expect(queryClient.getQueryState(queryKeys.settings.public)?.isInvalidated).toBe(true);

    await userEvent.click(within(logo).getByRole("button", { name: "Remove Logo" }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        "Logo Removed",
        "The header shows the application title again.",
      ),
    );
    expect(within(logo).queryByRole("img")).toBeNull();
    expect(requests).toEqual([
      "GET /api/settings",
      "POST /api/settings/logo",
      "DELETE /api/settings/logo",
    ]);
  });

  it("refuses a GIF or a logo over 1 MB before sending it, and shows the server's refusal", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    const { requests } = renderSettings({
      "GET /api/settings": () => jsonResponse(200, SETTINGS),
      "POST /api/settings/logo": () =>
        jsonResponse(422, {
          error: {
            code: "VALIDATION_FAILED",
            message: "The logo must be a PNG, JPEG or WebP image.",
          },
        }),
    });
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText("Upload a logo");
    await user.upload(input, new File(["GIF89a"], "logo.gif", { type: "image/gif" }));
    expect(error).toHaveBeenLastCalledWith(
      "Logo Upload Error",
      "The logo must be a PNG, JPEG or WebP image.",
    );
    const big = new File([new Uint8Array(1024 * 1024 + 1)], "big.png", { type: "image/png" });
    await user.upload(input, big);
    expect(error).toHaveBeenLastCalledWith(
      "Logo Upload Error",
      "Please upload a logo smaller than 1MB.",
    );
    expect(requests).toEqual(["GET /api/settings"]);
    // A file the browser calls a PNG but is not one: the server's word.
    await user.upload(input, new File(["<html>"], "fake.png", { type: "image/png" }));
    await waitFor(() =>
      expect(error).toHaveBeenLastCalledWith(
        "Logo Upload Error",
        "The logo must be a PNG, JPEG or WebP image.",
      ),
    );
    expect(requests).toEqual(["GET /api/settings", "POST /api/settings/logo"]);
    expect(screen.queryByRole("img", { name: "Current logo" })).toBeNull();
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
