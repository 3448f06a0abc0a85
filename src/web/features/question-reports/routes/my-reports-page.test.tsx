import { screen, within } from "@testing-library/react";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { MyReportsPage } from "./my-reports-page.tsx";

const PAPER = { id: "8a7e2c1e-0000-4000-8000-0000000000e1", title: "GS Mock 1", titleHi: null };
const base = {
  questionId: "8a7e2c1e-0000-4000-8000-000000000001",
  note: "",
  creditMe: false,
  reply: null,
  resolvedAt: null,
  questionText: "Which river is the longest in India?",
  questionTextHi: null,
  paper: PAPER,
  keyChangesUrl: null,
  keyHold: null,
};

describe("MyReportsPage", () => {
  it("lists the student's reports with their state, the reply and the key-change log", async () => {
    stubApi({
      "GET /api/question-reports": () =>
        jsonResponse(200, {
          items: [
            {
              ...base,
              id: "r2",
              reason: "typo",
              status: "open",
              createdAt: "2026-11-21T04:00:00.000Z",
            },
            {
              ...base,
              id: "r1",
              reason: "wrong_key",
              status: "key_changed",
              reply: "The key is now A.",
              createdAt: "2026-11-18T04:00:00.000Z",
              resolvedAt: "2026-11-19T04:00:00.000Z",
              keyChangesUrl: `/exams/${PAPER.id}/key-changes`,
            },
            {
              ...base,
              id: "r0",
              reason: "factual",
              status: "rejected",
              questionText: null,
              keyHold: "open_attempt",
              createdAt: "2026-11-10T04:00:00.000Z",
              resolvedAt: "2026-11-11T04:00:00.000Z",
            },
          ],
          total: 3,
          page: 1,
          pageSize: 10,
        }),
    });
    renderPage(<MyReportsPage />);
    expect(await screen.findByRole("heading", { name: "My error reports" })).toBeVisible();
    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(3);
    const [open, changed, held] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByText("Reported")).toBeVisible();
    expect(open).toHaveTextContent("Waiting for an admin.");
    expect(within(changed).getByText("Key changed")).toBeVisible();
    expect(within(changed).getByText("The key is now A.")).toBeVisible();
    expect(
      within(changed).getByRole("link", { name: "See the paper's key changes" }),
    ).toHaveAttribute("href", `/exams/${PAPER.id}/key-changes`);
    // A question held from the student now (a retake in progress) shows nothing of itself.
    expect(held).not.toHaveTextContent("Which river");
    expect(held).toHaveTextContent("You have a test in progress that includes this question.");
  });

  it("says so when the student has reported nothing", async () => {
    stubApi({
      "GET /api/question-reports": () =>
        jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    });
    renderPage(<MyReportsPage />);
    expect(await screen.findByText("You have not reported any question.")).toBeVisible();
  });
});
