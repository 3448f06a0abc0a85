import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { liveTestView } from "@web/test/live-tests.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { StudentDashboardPage } from "./student-dashboard.tsx";

const EXAM_ID = "8a7e2c1e-0000-4000-8000-000000000020";
const QUIZ_ID = "8a7e2c1e-0000-4000-8000-000000000021";
const OPEN = [
  {
    attemptId: "a1",
    kind: "exam",
    targetId: EXAM_ID,
    title: "GS Paper I Full Mock",
    secondsLeft: 3540,
    attemptNumber: null,
    answered: 40,
    numQuestions: 100,
  },
  {
    attemptId: "a2",
    kind: "quiz",
    targetId: QUIZ_ID,
    title: "Budget Basics",
    secondsLeft: 0,
    attemptNumber: 2,
    answered: 3,
    numQuestions: 5,
  },
];

/** What a student with nothing yet gets (the server's answer for a fresh account). */
const FRESH = {
  todaysQuiz: null,
  study: { today: "2026-11-24", studiedHours: 0, goalHours: 2, streakDays: 0 },
  lastResult: null,
  completedTests: 0,
  plan: null,
  inProgress: [],
  revision: { dueToday: 0, total: 0, mastered: 0 },
  nextLiveClass: null,
};

const BUSY = {
  todaysQuiz: {
    id: QUIZ_ID,
    title: "Budget Basics",
    publishedOn: "2026-11-24",
    isToday: true,
    isFree: true,
    numQuestions: 5,
    durationMinutes: 10,
    maxMarks: 10,
    hasOpenAttempt: false,
    latestAttempt: { id: "q1", attemptNumber: 1, score: 8, completedAt: "2026-11-24T06:00:00Z" },
  },
  study: { today: "2026-11-24", studiedHours: 1.5, goalHours: 2, streakDays: 4 },
  lastResult: {
    id: "r1",
    kind: "exam",
    targetId: EXAM_ID,
    attemptNumber: null,
    completedAt: "2026-11-23T06:00:00Z",
    timeTakenSeconds: 600,
    isRanked: true,
    title: "Prelims 2024 Pattern: GS Paper I",
    percent: 46.5,
    marksObtained: 93,
    maxMarks: 200,
    cutOff: 44,
    passed: true,
    rank: { position: 12, of: 340 },
    percentile: 96.76,
  },
  completedTests: 7,
  plan: {
    planName: "Pro Monthly",
    endDate: "2026-12-20T00:00:00.000Z",
    periodStart: "2026-11-20T00:00:00.000Z",
    examLimit: 20,
    attemptLimitPerExam: 3,
    premiumExamsUsed: 5,
    premiumExamsLeft: 15,
    premiumQuizzesUsed: 0,
    premiumQuizzesLeft: 20,
  },
  inProgress: OPEN,
  revision: { dueToday: 12, total: 40, mastered: 3 },
  nextLiveClass: null,
};

const NO_LIVE_TESTS: ApiRoute = () =>
  jsonResponse(200, { items: [], serverNow: "2026-11-24T06:00:00.000Z" });

function renderDashboard(answer: ApiRoute, session = studentSession(), liveTests = NO_LIVE_TESTS) {
  const stub = stubApi({ "GET /api/home/dashboard": answer, "GET /api/live-tests": liveTests });
  const view = renderRoutes([{ path: "/student/dashboard", element: <StudentDashboardPage /> }], {
    path: "/student/dashboard",
    session,
  });
  return { ...view, ...stub };
}

const card = (name: string) => screen.getByRole("region", { name });

describe("StudentDashboardPage", () => {
  it("leads with the student's own figures from one request, the tiles below", async () => {
    const { requests } = renderDashboard(() => jsonResponse(200, BUSY));
    expect(screen.getByRole("heading", { name: "Welcome back, Asha Rao!" })).toBeInTheDocument();
    const quiz = await screen.findByRole("region", { name: "Today's quiz" });
    expect(quiz).toHaveTextContent("Budget Basics");
    expect(quiz).toHaveTextContent("Done");
    expect(quiz).toHaveTextContent("8/10");
    expect(within(quiz).getByRole("link", { name: "View Result" })).toHaveAttribute(
      "href",
      "/results/q1",
    );

    const study = card("Study streak");
    expect(study).toHaveTextContent("4 days");
    expect(study).toHaveTextContent("Today: 1.5 of 2 hours");
    expect(within(study).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "75");

    const last = card("Last test");
    expect(last).toHaveTextContent("Prelims 2024 Pattern: GS Paper I");
    expect(last).toHaveTextContent("47%");
    expect(last).toHaveTextContent("Above the cut-off");
    expect(last).toHaveTextContent("93 of 200");
    expect(last).toHaveTextContent("12 of 340");
    expect(last).toHaveTextContent("96.76");
    expect(last).toHaveTextContent("Cut-off44%");
    expect(within(last).getByRole("link", { name: "All results (7)" })).toHaveAttribute(
      "href",
      "/results",
    );

    const plan = card("Your plan");
    expect(plan).toHaveTextContent("Pro Monthly");
    expect(plan).toHaveTextContent("Premium exams left15 of 20");
    expect(plan).toHaveTextContent("Premium quizzes left20 of 20");
    expect(plan).toHaveTextContent("Attempts at each3");

    const list = screen.getByRole("region", { name: "Continue where you left off" });
    const [exam, open] = within(list).getAllByRole("listitem");
    expect(exam).toHaveTextContent("In progress · 59 min left");
    expect(exam).toHaveTextContent("40 of 100 answered");
    expect(exam).not.toHaveTextContent("Attempt #");
    expect(
      within(exam as HTMLElement).getByRole("link", { name: "Resume GS Paper I Full Mock" }),
    ).toHaveAttribute("href", `/exam/${EXAM_ID}`);
    expect(open).toHaveTextContent("In progress · time is up");
    expect(open).toHaveTextContent("Quiz · Attempt #2 · 3 of 5 answered");

    // The revision cards due today, linking to the notebook.
    expect(screen.getByRole("link", { name: /Revision\s*12 due today/ })).toHaveAttribute(
      "href",
      "/student/revision",
    );

    // The figures come before the link tiles, and in one request.
    const hub = screen.getByRole("region", { name: "Learning Hub" });
    expect(quiz.compareDocumentPosition(hub) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Answer evaluation (decision 042) is a real place, not "Coming soon".
    const answers = within(hub).getByRole("link", { name: /Answer Evaluation/ });
    expect(answers).toHaveAttribute("href", "/student/answer-evaluation");
    expect(answers).not.toHaveTextContent("Coming soon");
    // Every tile links to a real area (decision 043).
    expect(screen.queryByText("Coming soon")).toBeNull();
    for (const [name, href] of [
      [/Study Notes/, "/student/study-materials/notes"],
      [/Videos/, "/current-affairs/videos"],
      [/Refer & Earn/, "/student/refer-earn"],
    ] as const) {
      expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    // The figures in one request; the live tests' cards beside it (the server's cache answers).
    expect(requests).toHaveLength(2);
    expect(requests.find((r) => r.includes("/api/home/dashboard"))).toMatch(
      /^GET \/api\/home\/dashboard\?tz=/,
    );
    expect(requests).toContain("GET /api/live-tests");
    // No live test for this student: no section.
    expect(screen.queryByRole("region", { name: "Live tests" })).toBeNull();
  });

  it("shows the live tests the student can register for or enter, after the figures", async () => {
    const opensAt = "2026-11-25T04:30:00.000Z";
    renderDashboard(
      () => jsonResponse(200, FRESH),
      studentSession(),
      () =>
        jsonResponse(200, {
          serverNow: "2026-11-24T06:00:00.000Z",
          items: [
            {
              ...liveTestView(Date.parse(opensAt), { examId: EXAM_ID }),
              me: { registered: false, entryAt: "2026-11-25T04:31:10.000Z", attempt: null },
            },
          ],
        }),
    );
    const live = await screen.findByRole("region", { name: "Live tests" });
    const card = within(live).getByRole("article", { name: "All-India Prelims Mock 1" });
    expect(card).toHaveTextContent("25 Nov 2026, 10:00 IST");
    expect(card).toHaveTextContent("2,431 registered");
    expect(within(card).getByRole("link", { name: "Register" })).toHaveAttribute(
      "href",
      `/exam/${EXAM_ID}`,
    );
    const quiz = await screen.findByRole("region", { name: "Today's quiz" });
    expect(quiz.compareDocumentPosition(live) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("gives a fresh student honest empty figures and a way to start, and no resume section", async () => {
    renderDashboard(() => jsonResponse(200, FRESH));
    const quiz = await screen.findByRole("region", { name: "Today's quiz" });
    expect(quiz).toHaveTextContent("No quiz has been published yet.");
    expect(card("Study streak")).toHaveTextContent("0 days");
    expect(card("Study streak")).toHaveTextContent("Today: 0 of 2 hours");
    expect(card("Last test")).toHaveTextContent(
      "Take a test to see your score, rank and percentile here.",
    );
    expect(within(card("Last test")).getByRole("link", { name: "Explore Exams" })).toHaveAttribute(
      "href",
      "/student/exams",
    );
    expect(within(card("Your plan")).getByRole("link", { name: "See plans" })).toHaveAttribute(
      "href",
      "/student/subscriptions",
    );
    expect(screen.queryByRole("region", { name: "Continue where you left off" })).toBeNull();
    expect(screen.getByRole("link", { name: /My Results/ })).toHaveAttribute("href", "/results");
    // An empty notebook says how questions arrive in it.
    const revision = screen.getByRole("link", { name: /Revision/ });
    expect(revision).toHaveTextContent("0 due today");
    expect(revision).toHaveTextContent(
      "Questions you get wrong, skip or guess are saved here after each test.",
    );
  });

  it("offers today's quiz not yet taken, and an older one as the latest", async () => {
    const notDone = { ...BUSY.todaysQuiz, latestAttempt: null };
    renderDashboard(() => jsonResponse(200, { ...FRESH, todaysQuiz: notDone }));
    const quiz = await screen.findByRole("region", { name: "Today's quiz" });
    expect(quiz).toHaveTextContent("Not attempted yet: 5 questions, 10 min.");
    expect(within(quiz).getByRole("link", { name: "Start Now" })).toHaveAttribute(
      "href",
      `/quiz/${QUIZ_ID}/attempt`,
    );
  });

  it("says so when the figures cannot be loaded, keeps the tiles, and retries", async () => {
    let fail = true;
    renderDashboard(() =>
      fail
        ? jsonResponse(500, { error: { code: "INTERNAL", message: "Database offline." } })
        : jsonResponse(200, FRESH),
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load your figures.");
    expect(alert).toHaveTextContent("Database offline.");
    expect(screen.getByRole("region", { name: "Learning Hub" })).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("region", { name: "Today's quiz" })).toBeInTheDocument();
  });

  it("greets a student without a name by their email", () => {
    renderDashboard(() => jsonResponse(200, FRESH), studentSession(null));
    expect(
      screen.getByRole("heading", { name: "Welcome back, asha@example.com!" }),
    ).toBeInTheDocument();
  });

  it("reads in Hindi", async () => {
    await applyLanguage("hi");
    renderDashboard(() => jsonResponse(200, BUSY));
    expect(await screen.findByRole("region", { name: "आज का क्विज़" })).toBeInTheDocument();
    expect(card("पिछला टेस्ट")).toHaveTextContent("कट-ऑफ़ से ऊपर");
    expect(card("पिछला टेस्ट")).toHaveTextContent("340 में से 12");
    expect(screen.getByRole("heading", { name: "फिर से स्वागत है, Asha Rao!" })).toBeInTheDocument();
  });
});
