import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { stubFetch } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminDailyNewsPage } from "./admin-daily-news.tsx";

const ENTRY = {
  id: "8a7e2c1e-0000-4000-8000-000000000010",
  title: "Monsoon arrives early",
  excerpt: null,
  publishedDate: "2026-11-20",
  createdAt: "2026-11-20T04:00:00.000Z",
  updatedAt: "2026-11-21T05:30:00.000Z",
};

let items: (typeof ENTRY)[] = [];
let listStatus = 200;
const requests: string[] = [];

beforeEach(() => {
  items = [ENTRY];
  listStatus = 200;
  requests.length = 0;
  stubFetch(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    requests.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
    if (init?.method === "DELETE") {
      items = items.filter((i) => !url.pathname.endsWith(i.id));
      return Response.json({ ok: true });
    }
    if (listStatus !== 200) {
      return Response.json(
        { error: { code: "INTERNAL", message: "Database offline." } },
        { status: listStatus },
      );
    }
    return Response.json({ items, total: items.length, page: 1, pageSize: 20 });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const renderIt = () => renderPage(<AdminDailyNewsPage />);

describe("AdminDailyNewsPage (through the resource kit)", () => {
  it("lists the entries a page at a time, each cell labelled for the phone cards", async () => {
    renderIt();
    const cell = await screen.findByRole("cell", { name: ENTRY.title });
    expect(cell).toHaveAttribute("data-label", "Title");
    expect(requests).toEqual(["GET /api/news?page=1&pageSize=20"]);
  });

  it("deletes after the confirmation, with the spec's toast, and shows the empty state", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    renderIt();
    await userEvent.click(await screen.findByRole("button", { name: `Delete "${ENTRY.title}"` }));
    const confirm = screen.getByRole("alertdialog", { name: "Confirm Deletion" });
    expect(confirm).toHaveTextContent(
      `Are you sure you want to delete the news entry: "${ENTRY.title}"? This action cannot be undone.`,
    );
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        "News Entry Deleted",
        `"${ENTRY.title}" has been deleted.`,
      ),
    );
    expect(requests).toContain(`DELETE /api/news/${ENTRY.id}`);
    expect(await screen.findByText("No news entries found.")).toBeInTheDocument();
  });

  it("shows the error state with a retry, and toasts the fetch error once from the query's meta", async () => {
    listStatus = 500;
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    renderIt();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error Fetching News Entries");
    expect(alert).toHaveTextContent("Database offline.");
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith("Error Fetching News Entries", "Database offline.");
    listStatus = 200;
    await userEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("cell", { name: ENTRY.title })).toBeInTheDocument();
  });
});
