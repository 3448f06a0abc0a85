import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { pagedAnswer, stubFetch } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
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
  practiceLimit: 30,
  evaluationLimit: n % 2 === 1 ? 4 : null,
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
    return pagedAnswer(url, plan, TOTAL);
  });
});

describe("ManagePlansPage (server pages through the kit)", () => {
  it("asks the server for one page at a time and pages on with Next", async () => {
    renderPage(<ManagePlansPage />);
    expect(await screen.findByRole("cell", { name: "Plan 01" })).toHaveAttribute(
      "data-label",
      "Name",
    );
    expect(screen.getByRole("navigation", { name: "Pagination" })).toHaveTextContent(
      "Page 1 of 2 (22 in all)",
    );
    // Each plan's evaluation limit, null read as unlimited (like the practice limit).
    const rowOf = (name: string) => {
      const row = screen.getByRole("cell", { name }).closest("tr");
      if (!row) throw new Error(`no row for ${name}`);
      return within(row);
    };
    const evaluationCell = (name: string) =>
      rowOf(name)
        .getAllByRole("cell")
        .find((cell) => cell.getAttribute("data-label") === "Evaluation Limit");
    expect(evaluationCell("Plan 01")).toHaveTextContent(/^4$/);
    expect(evaluationCell("Plan 02")).toHaveTextContent(/^Unlimited$/);
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("cell", { name: "Plan 21" })).toBeInTheDocument();
    expect(requests).toEqual([
      "/api/admin/subscription-plans?page=1&pageSize=20",
      "/api/admin/subscription-plans?page=2&pageSize=20",
    ]);
  });
});
