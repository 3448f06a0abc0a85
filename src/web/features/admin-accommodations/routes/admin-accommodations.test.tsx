import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminAccommodationsPage } from "./admin-accommodations.tsx";

const PENDING = "6a1f0c2e-1111-4b8e-9a51-1f2e3d4c5b6a";
const APPROVED = "6a1f0c2e-2222-4b8e-9a51-1f2e3d4c5b6a";

const row = (id: string, extra: object) => ({
  id,
  reason: null,
  extraTime: null,
  certificateUrl: `/api/accommodations/${id}/certificate`,
  certificateUploadedAt: "2026-12-01T10:00:00.000Z",
  requestedAt: "2026-12-01T10:00:00.000Z",
  reviewedAt: null,
  ...extra,
});

function renderPageWith(routes: Record<string, ApiRoute> = {}) {
  const stub = stubApi({
    "GET /api/admin/accommodations": () =>
      jsonResponse(200, {
        items: [
          row(PENDING, { status: "pending", name: "Asha Rao", email: "asha@example.com" }),
          row(APPROVED, {
            status: "approved",
            name: "Ravi Kumar",
            email: "ravi@example.com",
            extraTime: { kind: "fixed", minutes: 30 },
          }),
        ],
        total: 2,
        page: 1,
        pageSize: 20,
      }),
    ...routes,
  });
  return { ...stub, ...renderPage(<AdminAccommodationsPage />) };
}

const rowOf = async (name: string) => {
  const found = (await screen.findByText(name)).closest("tr");
  if (!found) throw new Error("no row");
  return found;
};

afterEach(() => vi.restoreAllMocks());

describe("AdminAccommodationsPage", () => {
  it("lists each request with its status, extra time and certificate link", async () => {
    renderPageWith();
    const asha = await rowOf("Asha Rao");
    expect(asha).toHaveTextContent("Under review");
    expect(within(asha).getByRole("link", { name: "Open Asha Rao's certificate" })).toHaveAttribute(
      "href",
      `/api/accommodations/${PENDING}/certificate`,
    );
    expect(within(asha).getByRole("button", { name: "Approve Asha Rao" })).toBeVisible();
    expect(within(asha).getByRole("button", { name: "Refuse Asha Rao" })).toBeVisible();
    const ravi = await rowOf("Ravi Kumar");
    expect(ravi).toHaveTextContent("+30 minutes");
    expect(
      within(ravi).getByRole("button", { name: "Revoke Ravi Kumar's extra time" }),
    ).toBeVisible();
  });

  it("approves with 20 minutes per hour by default, refusing a bad number before sending", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const sent: unknown[] = [];
    renderPageWith({
      [`POST /api/admin/accommodations/${PENDING}/approve`]: ({ json }) => {
        sent.push(json());
        return jsonResponse(200, { id: PENDING, status: "approved" });
      },
    });
    await userEvent.click(
      within(await rowOf("Asha Rao")).getByRole("button", { name: "Approve Asha Rao" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Approve extra time" });
    const minutes = within(dialog).getByLabelText("Minutes per hour");
    expect(minutes).toHaveValue(20);
    await userEvent.clear(minutes);
    await userEvent.type(minutes, "61");
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(
      await within(dialog).findByText("Enter whole minutes: 1 to 60 per hour, or 1 to 240 fixed."),
    ).toBeVisible();
    expect(sent).toEqual([]);
    await userEvent.clear(minutes);
    await userEvent.type(minutes, "20");
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(sent).toEqual([{ kind: "per_hour", minutes: 20 }]));
    expect(success).toHaveBeenCalledWith("Extra time approved", "Asha Rao");
  });

  it("refuses with a reason, and sets fixed extra time on an account by email", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    const sent: Record<string, unknown> = {};
    renderPageWith({
      [`POST /api/admin/accommodations/${PENDING}/reject`]: ({ json }) => {
        sent.reject = json();
        return jsonResponse(200, { id: PENDING, status: "rejected" });
      },
      "POST /api/admin/accommodations": ({ json }) => {
        sent.grant = json();
        return jsonResponse(201, { id: "x", status: "approved" });
      },
    });
    await userEvent.click(
      within(await rowOf("Asha Rao")).getByRole("button", { name: "Refuse Asha Rao" }),
    );
    const refuse = await screen.findByRole("dialog", { name: "Refuse request" });
    await userEvent.click(within(refuse).getByRole("button", { name: "Refuse" }));
    expect(await within(refuse).findByText("Give the reason the student will read.")).toBeVisible();
    await userEvent.type(
      within(refuse).getByLabelText("Reason (the student reads it)"),
      "Blurred scan.",
    );
    await userEvent.click(within(refuse).getByRole("button", { name: "Refuse" }));
    await waitFor(() => expect(sent.reject).toEqual({ reason: "Blurred scan." }));

    await userEvent.click(screen.getByRole("button", { name: "Set extra time" }));
    const set = await screen.findByRole("dialog", { name: "Set extra time" });
    await userEvent.type(within(set).getByLabelText("Student's email"), "Meena@Example.com");
    await userEvent.selectOptions(within(set).getByLabelText("Extra time"), "fixed");
    const minutes = within(set).getByLabelText("Extra minutes");
    await userEvent.clear(minutes);
    await userEvent.type(minutes, "45");
    await userEvent.click(within(set).getByRole("button", { name: "Set extra time" }));
    await waitFor(() =>
      expect(sent.grant).toEqual({ email: "meena@example.com", kind: "fixed", minutes: 45 }),
    );
  });
});
