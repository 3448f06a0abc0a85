import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MainsQuestionList } from "./mains-question-list.tsx";

const POLITY = "8a7e2c1e-0000-4000-8000-000000000a01";
const FEDERALISM = "8a7e2c1e-0000-4000-8000-000000000a02";
const ECONOMY = "8a7e2c1e-0000-4000-8000-000000000a03";
const QUESTION = "8a7e2c1e-0000-4000-8000-000000000a04";

function stub(posted: unknown[]) {
  return stubApi({
    "GET /api/mains-questions": () =>
      jsonResponse(200, {
        items: [
          {
            id: QUESTION,
            paper: "gs2",
            subjectId: POLITY,
            topicId: FEDERALISM,
            subjectName: "Polity",
            topicName: "Federalism",
            questionText: "Discuss the Governor's discretionary powers.",
            questionTextHi: null,
            directive: "Discuss",
            wordLimit: 150,
            marks: 10,
            publishDate: "2026-11-20",
            modelAnswer: "Article 163.",
            modelAnswerHi: null,
            createdAt: "2026-11-19T04:00:00.000Z",
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    "GET /api/subjects": () =>
      jsonResponse(200, [
        { id: POLITY, name: "Polity", topics: [{ id: FEDERALISM, name: "Federalism" }] },
        { id: ECONOMY, name: "Economy", topics: [] },
      ]),
    "POST /api/mains-questions": ({ json }) => {
      posted.push(json());
      return jsonResponse(201, { id: "new" });
    },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MainsQuestionList", () => {
  it("adds a question with its paper, taxonomy, directive, word limit and model answer", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    const posted: unknown[] = [];
    stub(posted);
    renderPage(<MainsQuestionList title="Mains Questions" backTo="/admin/dashboard" canDelete />);
    const row = (await screen.findByText(/Governor's discretionary/)).closest("tr");
    expect(row).toHaveTextContent("Polity · Federalism");
    expect(row).toHaveTextContent("150 words");
    await userEvent.click(screen.getAllByRole("button", { name: "Add Mains question" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Add Mains question" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save question" }));
    expect(await within(dialog).findByText("Question text is required.")).toBeVisible();
    expect(posted).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByLabelText("Paper"), "GS II");
    const subject = within(dialog).getByLabelText("Subject (optional)");
    await within(dialog).findByRole("option", { name: "Polity" });
    await userEvent.selectOptions(subject, "Polity");
    await userEvent.selectOptions(within(dialog).getByLabelText("Topic (optional)"), "Federalism");
    await userEvent.type(
      within(dialog).getByLabelText("Question text"),
      "Examine the Inter-State Council.",
    );
    await userEvent.type(within(dialog).getByLabelText("Directive (optional)"), "Examine");
    await userEvent.selectOptions(within(dialog).getByLabelText("Word limit"), "No limit");
    const marks = within(dialog).getByLabelText("Marks");
    await userEvent.clear(marks);
    await userEvent.type(marks, "15");
    const date = within(dialog).getByLabelText("Publish date");
    await userEvent.clear(date);
    await userEvent.type(date, "2026-12-01");
    await userEvent.type(
      within(dialog).getByLabelText("Model answer or key points"),
      "Article 263; Sarkaria Commission.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Save question" }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          paper: "gs2",
          subjectId: POLITY,
          topicId: FEDERALISM,
          questionText: "Examine the Inter-State Council.",
          questionTextHi: null,
          directive: "Examine",
          wordLimit: null,
          marks: 15,
          publishDate: "2026-12-01",
          modelAnswer: "Article 263; Sarkaria Commission.",
          modelAnswerHi: null,
        },
      ]),
    );
  });

  it("lets mentors edit but not delete", async () => {
    stub([]);
    renderPage(<MainsQuestionList title="Mains Questions" backTo="/mentor" canDelete={false} />);
    const row = (await screen.findByText(/Governor's discretionary/)).closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByRole("button", { name: /^Edit / })).toBeVisible();
    expect(within(row).queryByRole("button", { name: /^Delete / })).toBeNull();
  });
});
