import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import type {
  PyqAnswerResult,
  PyqFilters,
  PyqQuestion,
  PyqQuestionPage,
  PyqTrend,
} from "../../../../shared/pyq.ts";
import { PyqPage } from "./pyq-page.tsx";

const POLITY = "11111111-1111-4111-8111-111111111111";
const HISTORY = "22222222-2222-4222-8222-222222222222";
const PARLIAMENT = "33333333-3333-4333-8333-333333333333";
const Q1 = "44444444-4444-4444-8444-444444444444";
const Q2 = "55555555-5555-4555-8555-555555555555";

const FILTERS: PyqFilters = {
  subjects: [
    {
      id: POLITY,
      name: "Polity",
      questions: 5,
      topics: [{ id: PARLIAMENT, name: "Parliament", questions: 3 }],
    },
    { id: HISTORY, name: "History", questions: 2, topics: [] },
  ],
  years: [2024, 2023],
  total: 7,
};

const TREND: PyqTrend = {
  by: "subject",
  years: [2023, 2024],
  rows: [
    { id: POLITY, name: "Polity", subjectName: null, counts: [2, 3], total: 5 },
    { id: HISTORY, name: "History", subjectName: null, counts: [0, 2], total: 2 },
  ],
};

const question = (id: string, answer: PyqQuestion["answer"] = null): PyqQuestion => ({
  id,
  year: 2024,
  subject: { id: POLITY, name: "Polity" },
  topic: { id: PARLIAMENT, name: "Parliament" },
  source: { kind: "exam", title: "Prelims 2024 Pattern: GS Paper I", isFree: true },
  questionText: `Which Article is ${id.slice(0, 4)}?`,
  options: { A: "Article 110", B: "Article 112", C: "Article 108", D: "Article 123" },
  translations: {},
  answer,
  keyHold: null,
});

const PAGE: PyqQuestionPage = {
  items: [question(Q1), question(Q2)],
  total: 2,
  page: 1,
  pageSize: 10,
  premiumHidden: 6,
};

const VERDICT: PyqAnswerResult = {
  questionId: Q1,
  firstAnswer: true,
  answer: {
    selectedAnswer: "B",
    isCorrect: false,
    correctAnswer: "A",
    explanation: "Article 110 defines a Money Bill.",
    explanationHi: null,
    answeredAt: "2026-05-01T10:00:00.000Z",
  },
};

function renderExplorer(path = "/student/pyq") {
  const stub = stubApi({
    "GET /api/pyq/filters": () => jsonResponse(200, FILTERS),
    "GET /api/pyq/trend": () => jsonResponse(200, TREND),
    "GET /api/pyq/questions": () => jsonResponse(200, PAGE),
    "POST /api/pyq/answers": () => jsonResponse(201, VERDICT),
    "GET /api/discussions/counts": ({ url }) =>
      jsonResponse(200, {
        counts: Object.fromEntries(
          (url.searchParams.get("questionIds") ?? "").split(",").map((id) => [id, 2]),
        ),
      }),
  });
  const view = renderRoutes([{ path: "/student/pyq", element: <PyqPage /> }], {
    path,
    session: studentSession(),
  });
  return { ...stub, ...view };
}

describe("Previous Year Questions", () => {
  it("shows the counts per subject and year, the questions without keys, and what a plan adds", async () => {
    renderExplorer();
    expect(
      screen.getByRole("heading", { name: "Previous Year Questions", level: 1 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Questions per subject and year" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Subject", "2023", "2024", "Total"]);
    const polity = within(table).getByRole("row", { name: /Polity/ });
    expect(
      within(polity).getByRole("button", { name: "Show Polity, 2024: 3 questions" }),
    ).toBeVisible();
    expect(within(table).getByRole("row", { name: /History/ })).toHaveTextContent("History022");

    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getAllByRole("radio")).toHaveLength(4);
    expect(screen.queryByText("Correct answer")).not.toBeInTheDocument();
    expect(screen.getByText("6 questions from premium papers need a plan")).toBeVisible();
    expect(screen.getByRole("link", { name: "View Plans" })).toHaveAttribute(
      "href",
      "/student/subscriptions",
    );
    expect(screen.getByRole("link", { name: "Practice these" })).toHaveAttribute(
      "href",
      "/student/practice?source=pyq",
    );
  });

  it("checks an answer on the server and shows the verdict, the key and the explanation", async () => {
    const { fetch } = renderExplorer();
    const card = (await screen.findAllByRole("article"))[0]!;
    const check = within(card).getByRole("button", { name: "Check answer" });
    expect(check).toBeDisabled();
    await userEvent.click(within(card).getByRole("radio", { name: /B\. Article 112/ }));
    await userEvent.click(check);
    expect(await within(card).findByText("Wrong: the answer is A")).toBeVisible();
    expect(within(card).getByText("Article 110 defines a Money Bill.")).toBeVisible();
    expect(within(card).queryByRole("radio")).not.toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ questionId: Q1, selectedAnswer: "B" });
    // Answered: its discussion follows, with its count (decision 064).
    const discussion = await within(card).findByRole("button", { name: /Discussion/ });
    await waitFor(() => expect(discussion).toHaveTextContent("2"));
    // The other question still has no key, and no discussion.
    const other = screen.getAllByRole("article")[1]!;
    expect(within(other).getByRole("button", { name: "Check answer" })).toBeInTheDocument();
    expect(within(other).queryByRole("button", { name: /Discussion/ })).toBeNull();
  });

  it("filters from the URL and from a count, and links the same filter to practice", async () => {
    const { requests } = renderExplorer(
      `/student/pyq?subjectId=${POLITY}&topicId=${PARLIAMENT}&fromYear=2023&toYear=2024`,
    );
    await screen.findAllByRole("article");
    expect(screen.getByLabelText("Subject")).toHaveValue(POLITY);
    expect(screen.getByLabelText("Topic")).toHaveValue(PARLIAMENT);
    expect(screen.getByRole("link", { name: "Practice these" })).toHaveAttribute(
      "href",
      `/student/practice?source=pyq&subjectId=${POLITY}&topicId=${PARLIAMENT}&fromYear=2023&toYear=2024`,
    );
    expect(requests).toContain(
      `GET /api/pyq/questions?subjectId=${POLITY}&topicId=${PARLIAMENT}&fromYear=2023&toYear=2024&page=1&pageSize=10`,
    );

    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await userEvent.click(
      await screen.findByRole("button", { name: "Show History, 2024: 2 questions" }),
    );
    await waitFor(() =>
      expect(requests).toContain(
        `GET /api/pyq/questions?subjectId=${HISTORY}&fromYear=2024&toYear=2024&page=1&pageSize=10`,
      ),
    );
    expect(screen.getByLabelText("Subject")).toHaveValue(HISTORY);
    expect(screen.getByRole("heading", { name: "Questions", level: 2 })).toHaveFocus();
  });
});
