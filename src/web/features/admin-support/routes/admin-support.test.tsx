import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, pagedAnswer, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminFeedbackPage } from "./admin-feedback.tsx";
import { AdminSupportPage } from "./admin-support.tsx";

const TICKET = {
  id: "8a7e2c1e-0000-4000-8000-000000000201",
  subject: "Payment taken twice",
  message: "I was charged twice.",
  status: "open",
  answer: null,
  answeredAt: null,
  closedAt: null,
  createdAt: "2026-11-20T04:00:00.000Z",
  name: "Asha Rao",
  email: "asha@example.com",
  userId: "u1",
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("AdminSupportPage", () => {
  it("lists open requests, filters by status, and answers one by email", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let answered: unknown;
    const { requests } = stubApi({
      "GET /api/admin/support/tickets": ({ url }) => pagedAnswer(url, () => TICKET, 1),
      [`POST /api/admin/support/tickets/${TICKET.id}/answer`]: ({ json }) => {
        answered = json();
        return jsonResponse(200, { ticket: { ...TICKET, status: "closed" }, mailSent: true });
      },
    });
    renderPage(<AdminSupportPage />);
    const row = (await screen.findByText("asha@example.com")).closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("asha@example.com")).toBeVisible();
    expect(requests[0]).toContain("status=open");

    await userEvent.selectOptions(screen.getByLabelText("Status"), "");
    await waitFor(() => expect(requests.at(-1)).not.toContain("status="));

    await userEvent.click(within(row).getByRole("button", { name: "Answer Payment taken twice" }));
    const dialog = await screen.findByRole("dialog", { name: "Payment taken twice" });
    expect(within(dialog).getByText("I was charged twice.")).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Answer" }));
    expect(await within(dialog).findByText("Write an answer.")).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText("Your answer"), "Refunded today.");
    await userEvent.click(within(dialog).getByRole("switch", { name: "Close the request" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Answer" }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        "Answer Sent",
        "asha@example.com will receive it by email.",
      ),
    );
    expect(answered).toEqual({ answer: "Refunded today.", close: true });
  });

  it("says when the answer was saved but the mail did not go out", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    stubApi({
      "GET /api/admin/support/tickets": ({ url }) => pagedAnswer(url, () => TICKET, 1),
      [`POST /api/admin/support/tickets/${TICKET.id}/answer`]: () =>
        jsonResponse(200, { ticket: { ...TICKET, status: "answered" }, mailSent: false }),
    });
    renderPage(<AdminSupportPage />);
    await userEvent.click(
      await screen.findByRole("button", { name: "Answer Payment taken twice" }),
    );
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Your answer"), "Refunded.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Answer" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "Answer saved, but the email could not be sent",
        "Check the mail settings (SMTP_URL) and send it again.",
      ),
    );
  });
});

describe("AdminFeedbackPage", () => {
  it("lists feedback with its rating and sender", async () => {
    stubApi({
      "GET /api/admin/support/feedback": ({ url }) =>
        pagedAnswer(
          url,
          (n) => ({
            id: `8a7e2c1e-0000-4000-8000-00000000030${n}`,
            name: n === 1 ? "Ravi" : "",
            email: "",
            rating: n === 1 ? 4 : null,
            message: `Message ${n}`,
            fromUser: n === 2,
            createdAt: "2026-11-20T04:00:00.000Z",
          }),
          2,
        ),
    });
    renderPage(<AdminFeedbackPage />);
    const first = (await screen.findByText("Message 1")).closest("tr");
    if (!first) throw new Error("no row");
    expect(within(first).getByText("4 out of 5")).toBeVisible();
    expect(within(first).getByText("Ravi")).toBeVisible();
    const second = screen.getByText("Message 2").closest("tr");
    expect(second).toHaveTextContent("A signed-in user");
  });
});
