import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { pagedAnswer, stubFetch } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { beforeEach, describe, expect, it } from "vitest";
import { ManageCategoriesPage } from "./manage-categories.tsx";

const TOTAL = 25;
const category = (n: number) => ({
  id: `8a7e2c1e-0000-4000-8000-${String(n).padStart(12, "0")}`,
  name: `Category ${String(n).padStart(2, "0")}`,
  description: null,
  iconSlug: null,
  imageSlug: null,
  examCount: 0,
});

let requests: string[] = [];

beforeEach(() => {
  requests = [];
  stubFetch((input) => {
    const url = new URL(String(input), "http://localhost");
    requests.push(`${url.pathname}${url.search}`);
    return pagedAnswer(url, category, TOTAL);
  });
});

const renderIt = () => renderPage(<ManageCategoriesPage />);

describe("ManageCategoriesPage (server pages through the kit)", () => {
  it("asks the server for one page at a time and pages on with Next and Previous", async () => {
    renderIt();
    expect(await screen.findByRole("cell", { name: "Category 01" })).toHaveAttribute(
      "data-label",
      "Name",
    );
    expect(requests).toEqual(["/api/admin/categories?page=1&pageSize=20"]);
    const pager = screen.getByRole("navigation", { name: "Pagination" });
    expect(pager).toHaveTextContent("Page 1 of 2 (25 in all)");

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("cell", { name: "Category 21" })).toBeInTheDocument();
    expect(screen.queryByRole("cell", { name: "Category 01" })).not.toBeInTheDocument();
    expect(requests).toEqual([
      "/api/admin/categories?page=1&pageSize=20",
      "/api/admin/categories?page=2&pageSize=20",
    ]);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("cell", { name: "Category 01" })).toBeInTheDocument();
  });
});
