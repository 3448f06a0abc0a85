import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, pagedAnswer, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SupportPage } from "./support-page.tsx";

const TICKET = {
  id: "8a7e2c1e-0000-4000-8000-000000000101",
  subject: "Payment taken twice",
  message: "I was charged twice for Pro Monthly.",
  status: "answered",
  answer: "We have refunded the second payment.",
  answeredAt: "2026-11-21T05:30:00.000Z",
  closedAt: null,
  createdAt: "2026-11-20T04:00:00.000Z",
};

const renderSupport = (session: Parameters<typeof renderRoutes>[1]["session"]) =>
  renderRoutes([{ path: "/support", element: <SupportPage /> }], { path: "/support", session });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SupportPage", () => {
  it("prefills a student's name and email, sends the request and lists it with the answer", async () => {
    let sent: unknown;
    const { requests } = stubApi({
      "GET /api/support/tickets": ({ url }) => pagedAnswer(url, () => TICKET, 1),
      "POST /api/support/tickets": ({ json }) => {
        sent = json();
        return jsonResponse(201, { ...TICKET, status: "open", answer: null });
      },
    });
    renderSupport(studentSession());
    expect(await screen.findByLabelText("Your name")).toHaveValue("Asha Rao");
    // The account's email, read-only: replies go there (the server enforces it).
    expect(screen.getByLabelText("Email")).toHaveValue("asha@example.com");
    expect(screen.getByLabelText("Email")).toHaveAttribute("readonly");
    expect(screen.getByText("We reply to your account's email.")).toBeVisible();
    // The student's earlier request and the team's answer.
    expect(await screen.findByRole("heading", { name: "Payment taken twice" })).toBeVisible();
    expect(screen.getByText("We have refunded the second payment.")).toBeVisible();
    expect(screen.getByText("Answered")).toBeVisible();

    await userEvent.type(screen.getByLabelText("Subject"), "Cannot open the PDF");
    await userEvent.type(screen.getByLabelText("How can we help?"), "The quiz PDF does not open.");
    await userEvent.click(screen.getByRole("button", { name: "Send Request" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Thank you! Your request has been sent. We will reply by email.",
    );
    expect(sent).toEqual({
      name: "Asha Rao",
      email: "asha@example.com",
      subject: "Cannot open the PDF",
      message: "The quiz PDF does not open.",
    });
    // The list is fetched again to show the new request.
    await waitFor(() =>
      expect(requests.filter((r) => r.startsWith("GET /api/support/tickets"))).toHaveLength(2),
    );
  });

  it("checks the form in place for a visitor, sends nothing, and shows the limit's refusal", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    const { requests } = stubApi({
      "POST /api/support/tickets": () =>
        jsonResponse(429, {
          error: {
            code: "RATE_LIMITED",
            message: "Too many messages. Please try again in 10 minutes.",
          },
        }),
    });
    renderSupport(null);
    await userEvent.click(await screen.findByRole("button", { name: "Send Request" }));
    expect(await screen.findByText("Name is required.")).toBeVisible();
    expect(screen.getByText("Enter a valid email address.")).toBeVisible();
    expect(requests).toEqual([]);
    // A visitor has no list of requests.
    expect(screen.queryByRole("heading", { name: "Your requests" })).toBeNull();

    await userEvent.type(screen.getByLabelText("Your name"), "Visitor");
    await userEvent.type(screen.getByLabelText("Email"), "visitor@example.com");
    await userEvent.type(screen.getByLabelText("Subject"), "Hello");
    await userEvent.type(screen.getByLabelText("How can we help?"), "Do you have Mains tests?");
    await userEvent.click(screen.getByRole("button", { name: "Send Request" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "Could not send your request",
        "Too many messages. Please try again in 10 minutes.",
      ),
    );
  });

  it("reads in Hindi", async () => {
    await applyLanguage("hi");
    stubApi({});
    renderSupport(null);
    expect(await screen.findByRole("heading", { name: "सहायता" })).toBeVisible();
    expect(screen.getByRole("button", { name: "अनुरोध भेजें" })).toBeVisible();
    expect(screen.getByLabelText("हम आपकी क्या सहायता कर सकते हैं?")).toBeVisible();
  });
});
