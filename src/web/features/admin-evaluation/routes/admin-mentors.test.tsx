import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminMentorsPage } from "./admin-mentors.tsx";

const MEERA = "m-meera";

function renderMentors(routes: Record<string, ApiRoute> = {}) {
  const stub = stubApi({
    "GET /api/admin/mentors": () =>
      jsonResponse(200, {
        items: [
          {
            id: MEERA,
            name: "Meera Iyer",
            email: "meera@example.com",
            load: 2,
            evaluated: 14,
            averageHours: 31.5,
            averageRating: 4.25,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    ...routes,
  });
  return { ...stub, ...renderPage(<AdminMentorsPage />) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("AdminMentorsPage", () => {
  it("lists each mentor's load, evaluations, turnaround and rating", async () => {
    renderMentors();
    const row = (await screen.findByText("Meera Iyer")).closest("tr");
    if (!row) throw new Error("no row");
    expect(row).toHaveTextContent("meera@example.com");
    expect(row).toHaveTextContent("31.5 h");
    expect(row).toHaveTextContent("4.3");
    expect(within(row).getByRole("button", { name: "Demote Meera Iyer" })).toBeVisible();
  });

  it("adds an existing account, showing the server's refusal under the field", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const sent: unknown[] = [];
    renderMentors({
      "POST /api/admin/mentors": ({ json }) => {
        const body = json() as { email: string };
        sent.push(body);
        return body.email === "ravi@example.com"
          ? jsonResponse(201, { id: "u-ravi" })
          : jsonResponse(404, {
              error: { code: "NOT_FOUND", message: "No account uses that email address." },
            });
      },
    });
    await screen.findByText("Meera Iyer");
    await userEvent.click(screen.getByRole("button", { name: "Add mentor" }));
    const dialog = await screen.findByRole("dialog", { name: "Add mentor" });
    const email = within(dialog).getByLabelText("Email");
    await userEvent.type(email, "not an email");
    await userEvent.click(within(dialog).getByRole("button", { name: "Make mentor" }));
    expect(await within(dialog).findByText("Enter a valid email address.")).toBeVisible();
    expect(sent).toEqual([]);

    await userEvent.clear(email);
    await userEvent.type(email, "nobody@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Make mentor" }));
    expect(await within(dialog).findByText("No account uses that email address.")).toBeVisible();

    await userEvent.clear(email);
    await userEvent.type(email, "Ravi@Example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Make mentor" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual([{ email: "nobody@example.com" }, { email: "ravi@example.com" }]);
    expect(success).toHaveBeenCalledWith("Mentor added", "ravi@example.com");
  });

  it("invites by email", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let sent: unknown;
    renderMentors({
      "POST /api/admin/mentors/invitations": ({ json }) => {
        sent = json();
        return jsonResponse(201, { invited: "new@example.com" });
      },
    });
    await screen.findByText("Meera Iyer");
    await userEvent.click(screen.getByRole("button", { name: "Invite by email" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite by email" });
    await userEvent.type(within(dialog).getByLabelText("Email"), "new@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(sent).toEqual({ email: "new@example.com" }));
    expect(success).toHaveBeenCalledWith("Invitation sent", "new@example.com");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("demotes after confirming", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    const { requests } = renderMentors({
      [`DELETE /api/admin/mentors/${MEERA}`]: () => jsonResponse(200, { id: MEERA }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Demote Meera Iyer" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Demote mentor" });
    expect(confirm).toHaveTextContent("go back to the queue");
    expect(requests.filter((r) => r.startsWith("DELETE"))).toEqual([]);
    await userEvent.click(within(confirm).getByRole("button", { name: "Demote" }));
    await waitFor(() =>
      expect(requests.filter((r) => r.startsWith("DELETE"))).toEqual([
        `DELETE /api/admin/mentors/${MEERA}`,
      ]),
    );
  });
});
