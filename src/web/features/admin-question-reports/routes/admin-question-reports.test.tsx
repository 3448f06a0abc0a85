import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminQuestionReportsPage } from "./admin-question-reports.tsx";

const QID = "8a7e2c1e-0000-4000-8000-000000000001";

const GROUP = {
  id: QID,
  question: {
    id: QID,
    number: 12,
    questionText: "Which river is the longest in India?",
    options: { A: "Ganga", B: "Godavari", C: "Yamuna", D: "Kaveri" },
    correctAnswer: "B",
    alsoAccepted: [],
    droppedAs: null,
    explanation: "Godavari.",
    hi: null,
    paper: {
      id: "8a7e2c1e-0000-4000-8000-0000000000e1",
      title: "GS Mock 1",
      titleHi: null,
      dropRule: "exclude",
    },
  },
  count: 3,
  reasons: { wrong_key: 2, typo: 1 },
  reports: [
    {
      id: "r1",
      reason: "wrong_key",
      note: "The Ganga is longer.",
      creditMe: true,
      createdAt: "2026-11-18T04:00:00.000Z",
      reporter: "Asha Rao",
    },
  ],
  oldestAt: "2026-11-18T04:00:00.000Z",
  sla: { dueAt: "2026-11-20T04:00:00.000Z", overdue: true, minutes: 125 },
  analysis: {
    attempts: 40,
    facility: 25,
    discrimination: -0.2,
    options: { A: 24, B: 10, C: 4, D: 0, skipped: 2 },
    averageSeconds: 40,
    checkKey: "A",
  },
  resolution: null,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("AdminQuestionReportsPage", () => {
  it("shows each question's reports with the clock, the answers and the item analysis, and changes the key", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let sent: unknown;
    const { requests } = stubApi({
      "GET /api/admin/question-reports": ({ url }) =>
        jsonResponse(200, {
          items: url.searchParams.get("status") === "open" ? [GROUP] : [],
          total: url.searchParams.get("status") === "open" ? 1 : 0,
          page: 1,
          pageSize: 10,
          slaHours: 48,
        }),
      [`POST /api/admin/question-reports/questions/${QID}/resolve`]: ({ json }) => {
        sent = json();
        return jsonResponse(200, {
          questionId: QID,
          status: "key_changed",
          resolved: 3,
          keyChangeId: "k1",
        });
      },
    });
    renderPage(<AdminQuestionReportsPage />);
    const card = await screen.findByRole("article", { name: "Q12 · GS Mock 1" });
    expect(within(card).getByText("Overdue by 2 h 5 min")).toBeVisible();
    expect(within(card).getByText("Wrong key · 2")).toBeVisible();
    expect(
      within(card).getByText("Answers of everyone who took it (40 ranked attempts)"),
    ).toBeVisible();
    expect(within(card).getByText("24 (60%)")).toBeVisible();
    expect(within(card).getByText("Key")).toBeVisible();
    expect(card).toHaveTextContent("Facility: 25%");
    expect(card).toHaveTextContent("Discrimination: -0.2");
    expect(card).toHaveTextContent("Check the key: top scorers chose A more often than the key");
    expect(card).toHaveTextContent("If dropped: Left out of the total (this paper's rule).");
    expect(requests[0]).toContain("status=open");

    await userEvent.click(within(card).getByRole("button", { name: "Change the key" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the key" });
    expect(within(dialog).getByRole("radio", { name: "B. Godavari" })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("radio", { name: "A. Ganga" }));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Also accept B" }));
    // The reason for the public log is required.
    await userEvent.click(within(dialog).getByRole("button", { name: "Change the key" }));
    expect(
      await within(dialog).findByText("Give the reason shown on the key-change log."),
    ).toBeVisible();
    expect(requests.filter((r) => r.startsWith("POST"))).toEqual([]);
    await userEvent.type(
      within(dialog).getByLabelText("Reason (shown on the public key-change log)"),
      "The Ganga is longer; both appear in NCERT.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Change the key" }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        "Key changed",
        "Reports answered: 3. Each student who reported it is told.",
      ),
    );
    expect(sent).toEqual({
      action: "key",
      key: "A",
      alsoAccept: ["B"],
      reason: "The Ganga is longer; both appear in NCERT.",
      reasonHi: null,
      reply: null,
    });
  });

  it("fixes the words with a reply, and shows the paper's drop rule before a drop", async () => {
    let sent: unknown;
    stubApi({
      "GET /api/admin/question-reports": () =>
        jsonResponse(200, { items: [GROUP], total: 1, page: 1, pageSize: 10, slaHours: 48 }),
      [`POST /api/admin/question-reports/questions/${QID}/resolve`]: ({ json }) => {
        sent = json();
        return jsonResponse(200, {
          questionId: QID,
          status: "fixed",
          resolved: 3,
          keyChangeId: null,
        });
      },
    });
    vi.spyOn(notify, "success").mockImplementation(() => "");
    renderPage(<AdminQuestionReportsPage />);
    const card = await screen.findByRole("article");
    await userEvent.click(within(card).getByRole("button", { name: "Drop the question" }));
    const drop = await screen.findByRole("dialog", { name: "Drop the question" });
    expect(drop).toHaveTextContent("This paper's rule: Left out of the total");
    await userEvent.click(within(drop).getByRole("button", { name: "Cancel" }));

    await userEvent.click(within(card).getByRole("button", { name: "Fix the text" }));
    const dialog = await screen.findByRole("dialog", { name: "Fix the text" });
    expect(within(dialog).getByLabelText("Question Text")).toHaveValue(
      "Which river is the longest in India?",
    );
    const optionC = within(dialog).getByLabelText("Option C");
    await userEvent.clear(optionC);
    await userEvent.type(optionC, "Yamuna river");
    // A Hindi version only partly written is refused in place.
    await userEvent.type(within(dialog).getByLabelText("Question Text (Hindi)"), "सबसे लंबी नदी?");
    await userEvent.type(
      within(dialog).getByLabelText("Reply to the students who reported it"),
      "Option C is corrected.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Save the text and reply" }));
    expect(
      (await within(dialog).findAllByText(/The Hindi version needs the question and all four/))
        .length,
    ).toBeGreaterThan(0);
    await userEvent.clear(within(dialog).getByLabelText("Question Text (Hindi)"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save the text and reply" }));
    await waitFor(() =>
      expect(sent).toEqual({
        action: "fix",
        reply: "Option C is corrected.",
        text: {
          questionText: "Which river is the longest in India?",
          options: { A: "Ganga", B: "Godavari", C: "Yamuna river", D: "Kaveri" },
          explanation: "Godavari.",
          hi: null,
        },
      }),
    );
  });
});
