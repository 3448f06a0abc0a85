import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TAXONOMY_MESSAGES } from "../../../../shared/taxonomy.ts";
import { ManageQuestionsPage } from "./manage-questions.tsx";

const EXAM = { id: "8a7e2c1e-0000-4000-8000-000000000002", title: "Polity Mock 1" };
const POLITY = "8a7e2c1e-0000-4000-8000-0000000000a1";
const PARLIAMENT = "8a7e2c1e-0000-4000-8000-0000000000b1";
const HISTORY = "8a7e2c1e-0000-4000-8000-0000000000a2";

const question = (n: number, tags: object = {}) => ({
  id: `8a7e2c1e-0000-4000-8000-00000000010${n}`,
  examId: EXAM.id,
  quizId: null,
  questionText: `Question ${n}?`,
  options: { A: "a", B: "b", C: "c", D: "d" },
  correctAnswer: "A",
  explanation: null,
  translations: {},
  createdAt: "2026-01-01T00:00:00.000Z",
  difficulty: null,
  pyqYear: null,
  exam: EXAM,
  quiz: null,
  subject: null,
  topic: null,
  ...tags,
});

const QUESTIONS = [
  question(1),
  question(2),
  question(3, {
    subject: { id: POLITY, name: "Polity" },
    topic: { id: PARLIAMENT, name: "Parliament" },
    difficulty: "hard",
    pyqYear: 2019,
  }),
];

type Call = { method: string; url: string; query: string; body: unknown };

function stubServer(tagAnswer: () => Response) {
  const calls: Call[] = [];
  stubFetch(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://test");
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ method, url: url.pathname, query: url.search, body });
    switch (`${method} ${url.pathname}`) {
      case "GET /api/admin/exams/options":
        return jsonResponse(200, [EXAM]);
      case "GET /api/admin/quizzes/options":
        return jsonResponse(200, []);
      case "GET /api/subjects":
        return jsonResponse(200, [
          { id: POLITY, name: "Polity", topics: [{ id: PARLIAMENT, name: "Parliament" }] },
          { id: HISTORY, name: "History", topics: [] },
        ]);
      case "GET /api/admin/questions":
        return jsonResponse(200, { items: QUESTIONS, total: 3, page: 1, pageSize: 20 });
      case "POST /api/admin/questions/tag":
        return tagAnswer();
      default:
        throw new Error(`unexpected request: ${method} ${url.pathname}`);
    }
  });
  return calls;
}

function renderPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ManageQuestionsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ManageQuestionsPage tags", () => {
  it("shows each question's tags and filters the list by them on the server", async () => {
    const calls = stubServer(() => jsonResponse(200, { updated: 0 }));
    renderPage();
    expect(await screen.findByText("Polity · Parliament")).toBeVisible();
    expect(screen.getByText("Hard", { selector: "span" })).toBeVisible();
    expect(screen.getByText("PYQ 2019")).toBeVisible();
    expect(screen.getAllByText("Untagged", { selector: "span" })).toHaveLength(2);

    await userEvent.selectOptions(screen.getByLabelText("Filter by subject"), POLITY);
    await userEvent.selectOptions(screen.getByLabelText("Filter by topic"), PARLIAMENT);
    await userEvent.selectOptions(screen.getByLabelText("Filter by difficulty"), "hard");
    await userEvent.type(screen.getByLabelText("Filter by year"), "2019");
    await vi.waitFor(() => {
      const last = calls.filter((c) => c.url === "/api/admin/questions").at(-1);
      expect(new URLSearchParams(last?.query).get("year")).toBe("2019");
    });
    const last = calls.filter((c) => c.url === "/api/admin/questions").at(-1);
    const query = new URLSearchParams(last?.query);
    expect([query.get("subjectId"), query.get("topicId"), query.get("difficulty")]).toEqual([
      POLITY,
      PARLIAMENT,
      "hard",
    ]);
  });

  it("tags the selected questions at once with subject, topic and difficulty", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const calls = stubServer(() => jsonResponse(200, { updated: 2 }));
    renderPage();
    const tagButton = await screen.findByRole("button", { name: "Tag selected" });
    expect(tagButton).toBeDisabled();
    await userEvent.click(await screen.findByLabelText("Select question: Question 1?"));
    await userEvent.click(screen.getByLabelText("Select question: Question 2?"));
    expect(screen.getByText("2 selected")).toBeVisible();

    await userEvent.click(tagButton);
    const dialog = within(screen.getByRole("dialog", { name: "Tag 2 Selected Questions" }));
    // Nothing chosen: the dialog says so and sends nothing.
    await userEvent.click(dialog.getByRole("button", { name: "Tag Questions" }));
    expect(dialog.getByLabelText("Subject")).toHaveAccessibleDescription(
      TAXONOMY_MESSAGES.nothingToTag,
    );
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    expect(dialog.getByLabelText("Topic")).toBeDisabled();
    await userEvent.selectOptions(dialog.getByLabelText("Subject"), POLITY);
    await userEvent.selectOptions(dialog.getByLabelText("Topic"), PARLIAMENT);
    await userEvent.selectOptions(dialog.getByLabelText("Difficulty"), "medium");
    await userEvent.click(dialog.getByRole("button", { name: "Tag Questions" }));

    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      {
        questionIds: [QUESTIONS[0]?.id, QUESTIONS[1]?.id],
        subjectId: POLITY,
        topicId: PARLIAMENT,
        difficulty: "medium",
      },
    ]);
    expect(success).toHaveBeenCalledWith("Success", "Tagged 2 question(s).");
    expect(await screen.findByText("0 selected")).toBeVisible();
  });

  it("keeps the selection when the server refuses the batch", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    stubServer(() =>
      jsonResponse(404, {
        error: { code: "NOT_FOUND", message: TAXONOMY_MESSAGES.missingQuestions(1) },
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByLabelText("Select all on this page"));
    expect(screen.getByText("3 selected")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Tag selected" }));
    const dialog = within(screen.getByRole("dialog", { name: "Tag 3 Selected Questions" }));
    await userEvent.selectOptions(dialog.getByLabelText("Difficulty"), "easy");
    await userEvent.click(dialog.getByRole("button", { name: "Tag Questions" }));
    expect(error).toHaveBeenCalledWith(
      "Error tagging questions",
      TAXONOMY_MESSAGES.missingQuestions(1),
    );
    expect(screen.getByText("3 selected")).toBeVisible();
  });
});
