import { screen, within } from "@testing-library/react";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { adminSession, renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import type { AttemptReport } from "../../../../shared/analysis.ts";
import { AttemptAnalysis } from "./attempt-analysis.tsx";

const ATTEMPT = "11111111-1111-4111-8111-111111111111";
const perf = (questions: number, attempted: number, correct: number, marks: number) => ({
  questions,
  attempted,
  correct,
  wrong: attempted - correct,
  skipped: questions - attempted,
  accuracy: attempted ? Math.round((10000 * correct) / attempted) / 100 : null,
  marks,
  timeSeconds: 60 * questions,
});

const REPORT: AttemptReport = {
  attemptId: ATTEMPT,
  kind: "exam",
  title: "UPSC Prelims Mock Test 1: GS Paper I",
  scoreUnit: "percent",
  maxScore: 100,
  summary: {
    score: 26.67,
    scorePercent: 26.67,
    marksObtained: 2.67,
    maxMarks: 10,
    marksGained: 4,
    marksLost: 1.33,
    total: 5,
    attempted: 4,
    correct: 2,
    wrong: 2,
    skipped: 1,
    accuracy: 50,
    totalTimeSeconds: 300,
  },
  standing: {
    position: 2,
    of: 5,
    percentile: 80,
    score: 26.67,
    averageScore: 36,
    topTenAverageScore: 100,
    isThisAttempt: true,
  },
  subjects: [
    {
      ...perf(3, 2, 1, 1.33),
      subjectId: "s-polity",
      name: "Polity",
      topics: [
        { ...perf(2, 2, 1, 1.33), topicId: "t-const", name: "Constitution" },
        { ...perf(1, 0, 0, 0), topicId: null, name: "No topic" },
      ],
    },
    {
      ...perf(2, 2, 1, 1.33),
      subjectId: null,
      name: "Untagged",
      topics: [{ ...perf(2, 2, 1, 1.33), topicId: null, name: "Untagged" }],
    },
  ],
  weakestTopics: [
    {
      subjectId: "s-polity",
      subjectName: "Polity",
      topicId: null,
      topicName: "No topic",
      questions: 1,
      correct: 0,
      accuracy: null,
      scorePercent: 0,
      practiceUrl: "/student/practice?subjectId=s-polity",
    },
  ],
  timePerQuestion: {
    averageSeconds: 30,
    questions: [
      {
        number: 1,
        questionId: "q1",
        outcome: "correct",
        seconds: 10,
        isSlow: false,
        shareCorrect: 80,
      },
      {
        number: 2,
        questionId: "q2",
        outcome: "wrong",
        seconds: 100,
        isSlow: true,
        shareCorrect: 60,
      },
      {
        number: 3,
        questionId: "q3",
        outcome: "skipped",
        seconds: 5,
        isSlow: false,
        shareCorrect: null,
      },
    ],
  },
  mostGotRight: [
    {
      number: 2,
      questionId: "q2",
      questionText: "Which Article of the Constitution abolishes untouchability?",
      outcome: "wrong",
      shareCorrect: 60,
      subjectName: "Polity",
      topicName: "Constitution",
    },
  ],
  confidence: {
    rows: [
      { ...perf(2, 2, 1, 1.33), tag: "sure" },
      { ...perf(1, 1, 1, 2), tag: "fifty_fifty" },
      { ...perf(5, 5, 1, -0.67), tag: "guess" },
      { ...perf(2, 1, 1, 2), tag: null },
    ],
    guessMarks: -0.67,
    verdict: "cost",
  },
};

/** A phone: every chart starts as its table, so the tests never load the chart library. */
function asPhone() {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("max-width") }));
}

function renderAnalysis(session = studentSession(), reply: [number, unknown] = [200, REPORT]) {
  asPhone();
  const fetch = stubFetch(() => jsonResponse(reply[0], reply[1]));
  renderRoutes(
    [{ path: "/results/:attemptId", element: <AttemptAnalysis attemptId={ATTEMPT} /> }],
    {
      path: `/results/${ATTEMPT}`,
      session,
    },
  );
  return fetch;
}

describe("AttemptAnalysis", () => {
  it("shows the summary, the standing, the weakest topics with their links and the subject table", async () => {
    const fetch = renderAnalysis();
    expect(await screen.findByRole("heading", { name: "Analysis", level: 2 })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toContain(`/api/attempts/${ATTEMPT}/analysis`);
    const summary = screen.getByRole("region", { name: "Summary" });
    expect(within(summary).getByText("Lost to negative marking").nextSibling).toHaveTextContent(
      "1.33",
    );
    expect(within(summary).getByText("Accuracy").nextSibling).toHaveTextContent("50%");
    expect(screen.getByText("Rank 2 of 5")).toBeInTheDocument();
    expect(screen.getByText("Percentile 80")).toBeInTheDocument();
    expect(screen.getByText("Top 10% average").nextSibling).toHaveTextContent("100%");
    expect(screen.getByRole("link", { name: "Practise Polity" })).toHaveAttribute(
      "href",
      "/student/practice?subjectId=s-polity",
    );
    const table = screen.getByRole("table", { name: "Subject-wise performance" });
    const polity = within(table).getByRole("rowheader", { name: "Polity" }).closest("tr");
    // Questions 3, attempted 2, correct 1, accuracy 50%, marks 1.33, time 3m 00s.
    expect(polity).toHaveTextContent("Polity32150%1.333m 00s");
    expect(within(table).getByRole("rowheader", { name: "Constitution" })).toBeInTheDocument();
    expect(within(table).getByRole("rowheader", { name: "Untagged" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "My Progress" })).toHaveAttribute(
      "href",
      "/student/progress",
    );
  });

  it("gives the time chart a table, marks long questions and lists the ones most got right", async () => {
    renderAnalysis();
    await screen.findByRole("heading", { name: "Time per question" });
    // The table is there for screen readers while the chart shows, and on screen after the swap.
    const timeTable = screen.getByRole("table", { name: "Time per question" });
    const q2 = within(timeTable).getByRole("rowheader", { name: "Q2" }).closest("tr");
    expect(q2).toHaveTextContent("Wrong100 s(long)60%");
    expect(screen.getByText(/More than twice that on Q2\./)).toBeInTheDocument();
    // On a phone the table comes first; the chart (and its library) only when asked for.
    const time = screen.getByRole("region", { name: "Time per question" });
    expect(within(time).getByRole("button", { name: /^Show as chart/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(timeTable.closest(".sr-only")).toBeNull();
    const missed = screen.getByRole("region", {
      name: "Questions most students got right that you missed",
    });
    expect(within(missed).getByText("60% got it right")).toBeInTheDocument();
    expect(within(missed).getByText(/abolishes untouchability/)).toBeInTheDocument();
  });

  it("says when the standing is of the first attempt, and gives an admin no My Progress link", async () => {
    renderAnalysis(adminSession(), [
      200,
      { ...REPORT, standing: { ...REPORT.standing, isThisAttempt: false }, mostGotRight: [] },
    ]);
    expect(
      await screen.findByText("Your rank and percentile count your first attempt at this paper."),
    ).toBeInTheDocument();
    expect(
      screen.getByText("None: you missed no question that most students got right."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "My Progress" })).toBeNull();
  });

  it("shows accuracy and net marks by confidence, and what guessing cost", async () => {
    renderAnalysis();
    const part = await screen.findByRole("region", { name: "Accuracy by confidence" });
    const table = within(part).getByRole("table", { name: "Accuracy by confidence" });
    const rowOf = (name: string) => within(table).getByRole("rowheader", { name }).closest("tr");
    // Attempted, correct, accuracy, net marks (signed, with a true minus).
    expect(rowOf("Sure")).toHaveTextContent("Sure2150%+1.33");
    expect(rowOf("50:50")).toHaveTextContent("50:5011100%+2");
    expect(rowOf("Guess")).toHaveTextContent("Guess5120%\u22120.67");
    expect(rowOf("Not tagged")).toHaveTextContent("Not tagged11100%+2");
    expect(
      within(part).getByRole("heading", { name: "What guessing cost you" }),
    ).toBeInTheDocument();
    expect(
      within(part).getByText(
        "Your guesses scored \u22120.67 marks net: skip questions you can't narrow to two options.",
      ),
    ).toBeInTheDocument();
  });

  it("says when guessing paid off", async () => {
    renderAnalysis(studentSession(), [
      200,
      { ...REPORT, confidence: { ...REPORT.confidence, guessMarks: 1.5, verdict: "paid" } },
    ]);
    expect(
      await screen.findByText(
        "Your guesses scored +1.5 marks net: they paid off this time, but guess only when you can narrow a question to two options.",
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal with a retry", async () => {
    renderAnalysis(studentSession(), [
      409,
      {
        error: {
          code: "CONFLICT",
          message: "The analysis is ready once the attempt is submitted.",
        },
      },
    ]);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The analysis is ready once the attempt is submitted.",
    );
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
