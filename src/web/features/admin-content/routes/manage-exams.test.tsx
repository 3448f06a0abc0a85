import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { jsonResponse, pagedAnswer, stubFetch } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManageExamsPage } from "./manage-exams.tsx";

const TOTAL = 21;
const id = (n: number) => `8a7e2c1e-0000-4000-8000-${String(n).padStart(12, "0")}`;
// More categories than a page: the exam form's select must still offer every one.
const OPTIONS = Array.from({ length: 30 }, (_, i) => ({ id: id(100 + i), name: `Cat ${i + 1}` }));
const exam = (n: number) => ({
  id: id(n),
  title: `Exam ${String(n).padStart(2, "0")}`,
  description: null,
  categoryId: OPTIONS[0]?.id,
  category: OPTIONS[0],
  kind: "mock",
  section: null,
  year: null,
  isFree: true,
  timeLimitSeconds: 600,
  passingMarks: 50,
  marksPerQuestion: null,
  negativeMarkFraction: null,
  questionCount: 3,
  createdAt: "2026-11-20T04:00:00.000Z",
  updatedAt: "2026-11-20T04:00:00.000Z",
});

let requests: string[] = [];

beforeEach(() => {
  requests = [];
  stubFetch((input) => {
    const url = new URL(String(input), "http://localhost");
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === "/api/admin/categories/options") return jsonResponse(200, OPTIONS);
    return pagedAnswer(url, exam, TOTAL);
  });
});

const renderIt = () => renderPage(<ManageExamsPage />);

describe("ManageExamsPage (server pages through the kit)", () => {
  it("asks the server for one page at a time and pages on with Next", async () => {
    renderIt();
    expect(await screen.findByRole("cell", { name: "Exam 01" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Pagination" })).toHaveTextContent(
      "Page 1 of 2 (21 in all)",
    );
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("cell", { name: "Exam 21" })).toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith("/api/admin/exams"))).toEqual([
      "/api/admin/exams?page=1&pageSize=20",
      "/api/admin/exams?page=2&pageSize=20",
    ]);
  });

  it("offers every category in the exam form, from the options route rather than a page", async () => {
    renderIt();
    await screen.findByRole("cell", { name: "Exam 01" });
    await userEvent.click(screen.getByRole("button", { name: "Create New Exam" }));
    const select = within(screen.getByRole("dialog")).getByLabelText("Category", { exact: true });
    // The placeholder, then every category.
    expect(within(select).getAllByRole("option")).toHaveLength(OPTIONS.length + 1);
    expect(requests.filter((r) => r.startsWith("/api/admin/categories"))).toEqual([
      "/api/admin/categories/options",
    ]);
  });
});

/** Latin words left in a text, less the names Hindi keeps (UPSC, GS, CSAT) and test data. */
const englishIn = (text: string) =>
  (text.match(/[A-Za-z]{2,}/g) ?? []).filter(
    (word) => !["UPSC", "GS", "CSAT", "Cat"].includes(word),
  );

describe("ManageExamsPage in Hindi", () => {
  afterEach(() => applyLanguage("en"));

  it("shows the list and the exam form in Hindi, with no English left on its controls", async () => {
    await applyLanguage("hi");
    renderIt();
    expect(
      await screen.findByRole("heading", { level: 1, name: "परीक्षाएँ प्रबंधित करें" }),
    ).toBeVisible();
    await screen.findByRole("cell", { name: "Exam 01" });
    // This page's column headers (the kit adds its own "Actions" column, translated with the kit).
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent ?? "");
    expect(headers.slice(0, 7)).toEqual([
      "शीर्षक",
      "श्रेणी",
      "प्रकार",
      "प्रश्न",
      "समय",
      "उत्तीर्ण",
      "बनाई गई",
    ]);
    expect(screen.getAllByText("मॉक टेस्ट")[0]).toBeVisible();
    expect(screen.getAllByRole("cell", { name: "10 मिनट" })[0]).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "नई परीक्षा बनाएँ" }));
    const dialog = within(screen.getByRole("dialog", { name: "नई परीक्षा बनाएँ" }));
    const passing = dialog.getByLabelText("उत्तीर्ण अंक (%)");
    expect(passing).toHaveAccessibleDescription("छात्रों को यह कट-ऑफ़ के रूप में दिखता है।");
    expect(dialog.getByRole("button", { name: "परीक्षा बनाएँ" })).toBeVisible();

    // With negative marking on, its fields show too.
    await userEvent.click(dialog.getByRole("switch", { name: "ऋणात्मक अंकन" }));
    expect(dialog.getByLabelText("गलत उत्तर पर दंड")).toBeVisible();
    // Every label, option, hint and button of the form is in Hindi, the kit's own buttons too.
    const root = screen.getByRole("dialog");
    const shown = [...root.querySelectorAll("label, option, p, button")].map(
      (element) => element.textContent ?? element.getAttribute("aria-label") ?? "",
    );
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.flatMap(englishIn)).toEqual([]);

    // A field's validation message follows the language too.
    await userEvent.click(dialog.getByRole("button", { name: "परीक्षा बनाएँ" }));
    expect(await dialog.findByText("शीर्षक दर्ज करें।")).toBeVisible();
  });
});
