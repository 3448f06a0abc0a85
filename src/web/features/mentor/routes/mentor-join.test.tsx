import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { mentorSession, renderRoutes, studentSession } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MentorJoinPage } from "./mentor-join.tsx";

function renderJoin(routes: Record<string, ApiRoute>, path = "/mentor/join?token=abc123") {
  const stub = stubApi(routes);
  const view = renderRoutes(
    [
      { path: "/mentor/join", element: <MentorJoinPage /> },
      { path: "/mentor", element: <h1>Mentor desk</h1> },
    ],
    { path, session: studentSession() },
  );
  return { ...stub, ...view };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MentorJoinPage", () => {
  it("accepts, fetches the session again (now a mentor's) and opens the workspace", async () => {
    let body: unknown;
    const { requests } = renderJoin({
      "POST /api/mentor/invitations/accept": ({ json }) => {
        body = json();
        return jsonResponse(200, { role: "mentor" });
      },
      "GET /api/account/me": () => jsonResponse(200, mentorSession()),
    });
    await userEvent.click(screen.getByRole("button", { name: "Accept the invitation" }));
    expect(await screen.findByRole("heading", { name: "Mentor desk" })).toBeVisible();
    expect(body).toEqual({ token: "abc123" });
    expect(requests).toEqual(["POST /api/mentor/invitations/accept", "GET /api/account/me"]);
  });

  it("shows the server's message when the invitation is refused", async () => {
    renderJoin({
      "POST /api/mentor/invitations/accept": () =>
        jsonResponse(404, {
          error: {
            code: "NOT_FOUND",
            message: "This invitation link is not valid or has already been used.",
          },
        }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Accept the invitation" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This invitation link is not valid or has already been used.",
    );
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Accept the invitation" })).toBeEnabled(),
    );
  });

  it("offers nothing to accept without a token", () => {
    renderJoin({}, "/mentor/join");
    expect(screen.queryByRole("button", { name: "Accept the invitation" })).toBeNull();
    expect(
      screen.getByText("This invitation link is not valid or has already been used."),
    ).toBeVisible();
  });
});
