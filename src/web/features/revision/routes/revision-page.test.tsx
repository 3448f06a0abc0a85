import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { RevisionPage } from "./revision-page.tsx";

const Q1 = "8a7e2c1e-0000-4000-8000-000000000061";
const Q2 = "8a7e2c1e-0000-4000-8000-000000000062";
const SUBJECT = "8a7e2c1e-0000-4000-8000-000000000063";
const TOPIC = "8a7e2c1e-0000-4000-8000-000000000064";
const SESSION = "8a7e2c1e-0000-4000-8000-000000000065";

const card = (id: string, n: number, extra: Record<string, unknown> = {}) => ({
  questionId: id,
  source: "wrong",
  attemptId: null,
  selectedAnswer: "B",
  confidence: null,
  due: "2026-11-24T04:00:00.000Z",
  isDue: true,
  reps: 0,
  lapses: 0,
  lastReview: null,
  masteredAt: null,
  createdAt: "2026-11-20T04:00:00.000Z",
  subjectName: "Polity",
  topicName: "Parliament",
  question: {
    id,
    questionText: `Which article is number ${n}?`,
    options: { A: "Article 1", B: "Article 2", C: "Article 3", D: "Article 4" },
    correctAnswer: "A",
    explanation: `Because of Article ${n}.`,
    translations: {
      hi: {
        questionText: `अनुच्छेद ${n} कौन सा है?`,
        options: { A: "अनुच्छेद 1", B: "अनुच्छेद 2", C: "अनुच्छेद 3", D: "अनुच्छेद 4" },
        explanation: null,
      },
    },
  },
  ...extra,
});

const CARDS = [
  card(Q1, 1),
  card(Q2, 2, {
    source: "unsure",
    selectedAnswer: "A",
    confidence: "guess",
    isDue: false,
    due: "2026-12-01T04:00:00.000Z",
  }),
];

function renderNotebook(routes: Record<string, ApiRoute> = {}, session = studentSession()) {
  const stub = stubApi({
    "GET /api/revision/summary": () => jsonResponse(200, { dueToday: 1, total: 2, mastered: 0 }),
    "GET /api/revision/cards": ({ url }) =>
      jsonResponse(200, {
        items: url.searchParams.get("source") === "unsure" ? [CARDS[1]] : CARDS,
        total: url.searchParams.get("source") === "unsure" ? 1 : 2,
        page: 1,
        pageSize: 10,
      }),
    "GET /api/subjects": () =>
      jsonResponse(200, [
        { id: SUBJECT, name: "Polity", topics: [{ id: TOPIC, name: "Parliament" }] },
      ]),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: "/student/revision", element: <RevisionPage /> },
      { path: "/revision/:revisionId", element: <h1>session</h1> },
    ],
    { path: "/student/revision", session },
  );
  return { ...view, ...stub };
}

const cardItem = (text: RegExp) =>
  screen.getAllByRole("listitem").find((li) => text.test(li.textContent ?? "")) as HTMLElement;

describe("RevisionPage", () => {
  it("shows today's counts and each card with the earlier answer, the key and when it is due", async () => {
    renderNotebook();
    expect(screen.getByRole("heading", { name: "Revision", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("Which article is number 1?")).toBeInTheDocument();
    const first = cardItem(/number 1/);
    expect(first).toHaveTextContent("Your answer: B. Article 2");
    expect(first).toHaveTextContent("Correct answer: A. Article 1");
    expect(first).toHaveTextContent("Due now");
    expect(first).toHaveTextContent("Polity · Parliament");
    const second = cardItem(/number 2/);
    expect(second).toHaveTextContent("Unsure");
    expect(second).toHaveTextContent("Guess");
    expect(second).toHaveTextContent("Next due: 1 Dec 2026");
    await userEvent.click(within(second).getByRole("button", { name: "Show Explanation" }));
    expect(second).toHaveTextContent("Because of Article 2.");
    const today = await screen.findByRole("region", { name: "Today" });
    await waitFor(() => expect(today).toHaveTextContent("Due today1"));
    expect(today).toHaveTextContent("In your notebook2");
    expect(today).toHaveTextContent("Mastered0");
  });

  it("shows the questions in the student's question language", async () => {
    const session = studentSession();
    if (session?.profile) session.profile.questionLanguage = "hi";
    renderNotebook({}, session);
    expect(await screen.findByText("अनुच्छेद 1 कौन सा है?")).toBeInTheDocument();
  });

  it("filters by source and subject through the address", async () => {
    const { requests } = renderNotebook();
    await screen.findByText("Which article is number 1?");
    const unsure = screen.getByRole("button", { name: "Unsure" });
    await userEvent.click(unsure);
    expect(unsure).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(screen.queryByText("Which article is number 1?")).toBeNull());
    expect(
      requests.some((r) => r.startsWith("GET /api/revision/cards?") && r.includes("source=unsure")),
    ).toBe(true);
    await screen.findByRole("option", { name: "Polity" });
    await userEvent.selectOptions(screen.getByLabelText("Subject"), SUBJECT);
    await userEvent.selectOptions(screen.getByLabelText("Topic"), TOPIC);
    await waitFor(() =>
      expect(
        requests.some((r) => r.includes(`subjectId=${SUBJECT}`) && r.includes(`topicId=${TOPIC}`)),
      ).toBe(true),
    );
  });

  it("starts today's revision and opens the session", async () => {
    const { router, requests } = renderNotebook({
      "POST /api/revision/sessions": () =>
        jsonResponse(200, { id: SESSION, questionCount: 1, isNew: true }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Start today's revision" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/revision/${SESSION}`));
    expect(requests.some((r) => r.startsWith("POST /api/revision/sessions?tz="))).toBe(true);
  });

  it("removes a card after asking, and resets one's schedule", async () => {
    const { requests } = renderNotebook({
      [`DELETE /api/revision/cards/${Q1}`]: () =>
        jsonResponse(200, { questionId: Q1, removed: true }),
      [`POST /api/revision/cards/${Q2}/reset`]: () =>
        jsonResponse(200, { questionId: Q2, due: "2026-11-24T04:00:00.000Z" }),
    });
    await screen.findByText("Which article is number 1?");
    await userEvent.click(within(cardItem(/number 1/)).getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Remove this question from your notebook?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(requests).toContain(`DELETE /api/revision/cards/${Q1}`));
    await userEvent.click(
      within(cardItem(/number 2/)).getByRole("button", { name: "Reset schedule" }),
    );
    await waitFor(() => expect(requests).toContain(`POST /api/revision/cards/${Q2}/reset`));
  });

  it("tells a new student how cards arrive", async () => {
    renderNotebook({
      "GET /api/revision/summary": () => jsonResponse(200, { dueToday: 0, total: 0, mastered: 0 }),
      "GET /api/revision/cards": () =>
        jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    });
    expect(
      await screen.findByRole("heading", { name: "Your revision notebook is empty" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /the questions you got wrong, skipped or tagged 50:50 or Guess are added here/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Explore Exams" })).toHaveAttribute(
      "href",
      "/student/exams",
    );
    expect(screen.queryByRole("button", { name: "Start today's revision" })).toBeNull();
  });

  it("reads in Hindi", async () => {
    await applyLanguage("hi");
    renderNotebook();
    expect(await screen.findByRole("button", { name: "आज का रिवीज़न शुरू करें" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "रिवीज़न", level: 1 })).toBeInTheDocument();
  });
});
