import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_MESSAGES } from "../../../../shared/notifications.ts";
import { UnsubscribePage } from "./unsubscribe-page.tsx";

const render = (path: string) =>
  renderRoutes([{ path: "/unsubscribe", element: <UnsubscribePage /> }], { path, session: null });

describe("UnsubscribePage", () => {
  it("asks first, then turns the reminder emails off with the link's token", async () => {
    const { requests } = stubApi({
      "GET /api/notifications/unsubscribe": () => jsonResponse(200, { emailFallback: true }),
      "POST /api/notifications/unsubscribe": () => jsonResponse(200, { emailFallback: false }),
    });
    render("/unsubscribe?token=abc.def");
    expect(await screen.findByRole("heading", { name: "Reminder emails" })).toBeInTheDocument();
    // Opening the link changed nothing.
    expect(requests).toEqual(["GET /api/notifications/unsubscribe?token=abc.def"]);
    await userEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect(
      await screen.findByText(
        "You will no longer get reminder emails. Push notifications on your devices, if any, stay on.",
      ),
    ).toBeInTheDocument();
    expect(requests).toContain("POST /api/notifications/unsubscribe?token=abc.def");
  });

  it("says a bad link is not valid and offers no button", async () => {
    stubApi({
      "GET /api/notifications/unsubscribe": () =>
        jsonResponse(400, {
          error: { code: "BAD_REQUEST", message: NOTIFICATION_MESSAGES.unsubscribeInvalid },
        }),
    });
    render("/unsubscribe?token=forged");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      NOTIFICATION_MESSAGES.unsubscribeInvalid,
    );
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });
});
