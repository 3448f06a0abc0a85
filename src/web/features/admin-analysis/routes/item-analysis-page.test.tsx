import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { adminSession, renderRoutes } from "@web/test/render.tsx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ExamAnalysisPage } from "./item-analysis-page.tsx";

const EXAM = "11111111-1111-4111-8111-111111111111";

const question = (
  number: number,
  figures: { facility: number | null; discrimination: number | null; checkKey?: string },
) => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  number,
  questionText: `Question ${number}?`,
  correctAnswer: "A",
  attempts: 10,
  facility: figures.facility,
  discrimination: figures.discrimination,
  options: { A: 5, B: 3, C: 1, D: 0, skipped: 1 },
  averageSeconds: 40 + number,
  checkKey: figures.checkKey ?? null,
});

let regrades = 0;
beforeEach(() => {
  regrades = 0;
  stubFetch(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === `/api/admin/exams/${EXAM}/regrade` && init?.method === "POST") {
      regrades += 1;
      return jsonResponse(200, { attempts: 10, regraded: 3, regradedAt: "2026-11-23T10:00:00Z" });
    }
    if (url.pathname === `/api/admin/exams/${EXAM}/analysis`) {
      return jsonResponse(200, {
        kind: "exam",
        id: EXAM,
        title: "Polity Mock",
        rankedAttempts: 10,
        groupSize: 2.7,
        questions: [
          question(1, { facility: 80, discrimination: 0.2 }),
          question(2, { facility: 30, discrimination: -0.4, checkKey: "B" }),
          question(3, { facility: null, discrimination: null }),
        ],
      });
    }
    throw new Error(`unexpected request: ${url.pathname}`);
  });
});

function renderPage() {
  return renderRoutes([{ path: "/admin/exams/:examId/analysis", Component: ExamAnalysisPage }], {
    path: `/admin/exams/${EXAM}/analysis`,
    session: adminSession(),
  });
}

const rowNumbers = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);

describe("Question Analysis", () => {
  it("shows each question's figures, the 'Check the key' flag and an edit link", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { name: "Question Analysis" })).toBeInTheDocument();
    expect(await screen.findByText("Polity Mock")).toBeInTheDocument();
    const flagged = screen.getByRole("row", { name: /Question 2\?/ });
    expect(within(flagged).getByText("Check the key")).toBeInTheDocument();
    expect(within(flagged).getByText("-0.40")).toBeInTheDocument();
    expect(within(flagged).getByText("5 (key)")).toBeInTheDocument();
    expect(screen.getAllByText("Check the key")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Edit question 2" })).toHaveAttribute(
      "href",
      `/admin/questions?examId=${EXAM}`,
    );
  });

  it("sorts by any column with buttons that say the order (aria-sort)", async () => {
    renderPage();
    await screen.findByText("Question 1?");
    const facility = screen.getByRole("columnheader", { name: /Facility/ });
    expect(facility).toHaveAttribute("aria-sort", "none");
    expect(screen.getByRole("columnheader", { name: /Number/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await userEvent.click(within(facility).getByRole("button", { name: /Facility/ }));
    expect(facility).toHaveAttribute("aria-sort", "ascending");
    // No attempts yet (null) sorts last either way.
    expect(rowNumbers()).toEqual(["2", "1", "3"]);
    await userEvent.click(within(facility).getByRole("button", { name: /Facility/ }));
    expect(facility).toHaveAttribute("aria-sort", "descending");
    expect(rowNumbers()).toEqual(["1", "2", "3"]);
    const flag = screen.getByRole("columnheader", { name: /Flag/ });
    await userEvent.click(within(flag).getByRole("button"));
    await userEvent.click(within(flag).getByRole("button"));
    expect(rowNumbers()[0]).toBe("2");
  });

  it("regrades only after the confirmation and says how many attempts changed", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    renderPage();
    await screen.findByRole("heading", { name: "Question Analysis" });
    await userEvent.click(screen.getByRole("button", { name: "Regrade" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Regrade every completed attempt?",
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(regrades).toBe(0);
    await userEvent.click(screen.getByRole("button", { name: "Regrade" }));
    const again = await screen.findByRole("alertdialog");
    await userEvent.click(within(again).getByRole("button", { name: "Regrade" }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        "Regrade Complete",
        "3 of 10 completed attempts changed.",
      ),
    );
    expect(regrades).toBe(1);
  });
});
