import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createQueryClient } from "@web/lib/query-client.ts";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { ManagePlansPage } from "./manage-plans.tsx";

const TOTAL = 22;
const plan = (n: number) => ({
  id: `8a7e2c1e-0000-4000-8000-${String(n).padStart(12, "0")}`,
  name: `Plan ${String(n).padStart(2, "0")}`,
  description: null,
  price: 499,
  currency: "INR",
  durationDays: 30,
  examLimit: null,
  attemptLimitPerExam: 3,
  features: [],
  isActive: true,
  createdAt: "2026-11-20T04:00:00.000Z",
  updatedAt: "2026-11-20T04:00:00.000Z",
});

let requests: string[] = [];

beforeEach(() => {
  requests = [];
  stubFetch((input) => {
    const url = new URL(String(input), "http://localhost");
    requests.push(`${url.pathname}${url.search}`);
    const page = Number(url.searchParams.get("page"));
    const pageSize = Number(url.searchParams.get("pageSize"));
    // Two rows stand for the page (a small table keeps the test quick); the pager goes by total.
    const first = (page - 1) * pageSize + 1;
    const items = [first, first + 1].filter((n) => n <= TOTAL).map(plan);
    return jsonResponse(200, { items, total: TOTAL, page, pageSize });
  });
});

describe("ManagePlansPage (server pages through the kit)", () => {
  it("asks the server for one page at a time and pages on with Next", async () => {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ManagePlansPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("cell", { name: "Plan 01" })).toHaveAttribute(
      "data-label",
      "Name",
    );
    expect(screen.getByRole("navigation", { name: "Pagination" })).toHaveTextContent(
      "Page 1 of 2 (22 in all)",
    );
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("cell", { name: "Plan 21" })).toBeInTheDocument();
    expect(requests).toEqual([
      "/api/admin/subscription-plans?page=1&pageSize=20",
      "/api/admin/subscription-plans?page=2&pageSize=20",
    ]);
  });
});
