import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, pagedAnswer, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminFaqsPage } from "./admin-faqs.tsx";
import { AdminLegalPagesPage } from "./admin-legal-pages.tsx";

const page = (slug: string, title: string, path: string, extra: object) => ({
  id: slug,
  slug,
  path,
  title,
  content: "<p>Text</p>",
  isWritten: true,
  needsReview: false,
  updatedAt: "2026-11-20T04:00:00.000Z",
  ...extra,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("AdminLegalPagesPage", () => {
  it("marks the demo's text and a page not written for the admin", async () => {
    const items = [
      page("terms", "Terms of Service", "/terms", { needsReview: true }),
      page("refund", "Refund and Cancellation", "/refund-policy", {}),
      page("about", "About Us", "/about", { isWritten: false, updatedAt: null, content: "" }),
    ];
    stubApi({
      "GET /api/admin/legal/pages": () =>
        jsonResponse(200, { items, total: 3, page: 1, pageSize: 3 }),
    });
    renderPage(<AdminLegalPagesPage />);
    const terms = (await screen.findByText("/terms")).closest("tr");
    if (!terms) throw new Error("no row");
    expect(within(terms).getByText("Demo text: edit me")).toBeVisible();
    expect(screen.getByText("/refund-policy").closest("tr")).toHaveTextContent("Published");
    expect(screen.getByText("/about").closest("tr")).toHaveTextContent("Not written");
    expect(screen.getByRole("note")).toHaveTextContent("still show the demo's wording");
    expect(within(terms).getByRole("link", { name: "View Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
  });
});

describe("AdminFaqsPage", () => {
  it("adds a question through the kit's dialog and checks the order", async () => {
    let created: unknown;
    stubApi({
      "GET /api/admin/legal/faqs": ({ url }) =>
        pagedAnswer(
          url,
          () => ({
            id: "8a7e2c1e-0000-4000-8000-000000000401",
            question: "Is there negative marking?",
            answer: "Yes, one-third.",
            sortOrder: 10,
            isPublished: true,
            updatedAt: "2026-11-20T04:00:00.000Z",
          }),
          1,
        ),
      "POST /api/admin/legal/faqs": ({ json }) => {
        created = json();
        return jsonResponse(201, { id: "new", ...(created as object) });
      },
    });
    renderPage(<AdminFaqsPage />);
    expect(await screen.findByText("Is there negative marking?")).toBeVisible();
    await userEvent.click(screen.getAllByRole("button", { name: "Add FAQ" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add FAQ" });
    await userEvent.type(within(dialog).getByLabelText("Question"), "Can I pay by UPI?");
    await userEvent.type(within(dialog).getByLabelText("Answer"), "Yes, through Razorpay.");
    const order = within(dialog).getByLabelText("Order");
    await userEvent.clear(order);
    await userEvent.type(order, "-3");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save FAQ" }));
    expect(await within(dialog).findByText("Order must be 0 or more.")).toBeVisible();
    expect(created).toBeUndefined();
    await userEvent.clear(order);
    await userEvent.type(order, "20");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save FAQ" }));
    await waitFor(() =>
      expect(created).toEqual({
        question: "Can I pay by UPI?",
        answer: "Yes, through Razorpay.",
        sortOrder: 20,
        isPublished: true,
      }),
    );
  });
});
