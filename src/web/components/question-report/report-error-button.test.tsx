import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReportErrorButton } from "./report-error-button.tsx";

const Q1 = "8a7e2c1e-0000-4000-8000-000000000001";
const Q2 = "8a7e2c1e-0000-4000-8000-000000000002";
const Q3 = "8a7e2c1e-0000-4000-8000-000000000003";

const report = (overrides: object = {}) => ({
  id: "8a7e2c1e-0000-4000-8000-0000000000a1",
  questionId: Q1,
  reason: "wrong_key",
  note: "The answer is B.",
  creditMe: false,
  status: "open",
  reply: null,
  createdAt: "2026-11-20T04:00:00.000Z",
  resolvedAt: null,
  questionText: "Which river is longest?",
  questionTextHi: null,
  paper: { id: "8a7e2c1e-0000-4000-8000-0000000000e1", title: "GS Mock 1", titleHi: null },
  keyChangesUrl: null,
  keyHold: null,
  ...overrides,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ReportErrorButton", () => {
  it("asks for the states of every reviewed question in one request", async () => {
    const { requests } = stubApi({
      "GET /api/question-reports/states": () =>
        jsonResponse(200, {
          states: {
            [Q1]: report(),
            [Q2]: null,
            [Q3]: report({
              questionId: Q3,
              status: "key_changed",
              reply: "The key is now B.",
              resolvedAt: "2026-11-21T04:00:00.000Z",
              keyChangesUrl: "/exams/e1/key-changes",
            }),
          },
        }),
    });
    renderPage(
      <>
        <ReportErrorButton questionId={Q1} />
        <ReportErrorButton questionId={Q2} />
        <ReportErrorButton questionId={Q3} />
      </>,
    );
    // Reported and open: the state, not the button.
    expect(await screen.findByText("Reported")).toBeVisible();
    expect(
      screen.getByText(/You reported this question on 20 Nov 2026\. You will be told/),
    ).toBeVisible();
    // Not reported: the button.
    expect(screen.getByRole("button", { name: "Report an error" })).toBeVisible();
    // Answered: the state, the reply, the key-change log and reporting again.
    expect(screen.getByText("Key changed")).toBeVisible();
    expect(screen.getByText("The key is now B.")).toBeVisible();
    expect(screen.getByRole("link", { name: "See the key changes" })).toHaveAttribute(
      "href",
      "/exams/e1/key-changes",
    );
    expect(screen.getByRole("button", { name: "Report again" })).toBeVisible();
    expect(requests).toHaveLength(1);
    const asked = new URL(requests[0] ?? "", "http://localhost").searchParams.get("questionIds");
    expect(asked?.split(",").sort()).toEqual([Q1, Q2, Q3].sort());
  });

  it("sends a report from the dialog, and shows it as reported", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let sent: unknown;
    const { requests } = stubApi({
      "GET /api/question-reports/states": () => jsonResponse(200, { states: { [Q2]: null } }),
      "POST /api/question-reports": ({ json }) => {
        sent = json();
        return jsonResponse(201, report({ questionId: Q2, creditMe: true }));
      },
    });
    renderPage(<ReportErrorButton questionId={Q2} />);
    await userEvent.click(await screen.findByRole("button", { name: "Report an error" }));
    const dialog = await screen.findByRole("dialog", { name: "Report an error" });

    // Nothing chosen: the dialog says what is missing and sends nothing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(
      await within(dialog).findByText("Choose what is wrong with the question."),
    ).toBeVisible();
    expect(requests.filter((r) => r.startsWith("POST"))).toEqual([]);

    const group = within(dialog).getByRole("group", { name: "What is wrong?" });
    for (const label of [
      "Wrong key",
      "Question unclear or has two answers",
      "Factual error",
      "Typo",
      "Translation error (English and Hindi differ)",
    ]) {
      expect(within(group).getByRole("radio", { name: label })).toBeInTheDocument();
    }
    await userEvent.click(within(group).getByRole("radio", { name: "Wrong key" }));
    await userEvent.type(within(dialog).getByLabelText("Note (optional)"), "The answer is B.");
    await userEvent.click(
      within(dialog).getByRole("checkbox", {
        name: "Credit me by name on the key-change log if the key changes",
      }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("Report sent", expect.any(String)));
    expect(sent).toEqual({
      questionId: Q2,
      reason: "wrong_key",
      note: "The answer is B.",
      creditMe: true,
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("Reported")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Report an error" })).toBeNull();
  });

  it("says why a report was refused", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    stubApi({
      "GET /api/question-reports/states": () => jsonResponse(200, { states: { [Q2]: null } }),
      "POST /api/question-reports": () =>
        jsonResponse(409, {
          error: {
            code: "CONFLICT",
            message:
              "You have already reported this question. You will be told when it is answered.",
          },
        }),
    });
    renderPage(<ReportErrorButton questionId={Q2} />);
    await userEvent.click(await screen.findByRole("button", { name: "Report an error" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("radio", { name: "Typo" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "The report was not sent",
        "You have already reported this question. You will be told when it is answered.",
      ),
    );
  });
});
