import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SessionData } from "@web/lib/auth.ts";
import { applyLanguage } from "@web/lib/i18n.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { adminSession, renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { streakMessage } from "../../../../shared/home.ts";
import { HomePage } from "./home.tsx";

const QUIZ = {
  id: "8a7e2c1e-0000-4000-8000-000000000001",
  title: "Budget Basics",
  isFree: true,
  durationMinutes: 10,
  numQuestions: 5,
};
const SAMPLE = {
  id: "8a7e2c1e-0000-4000-8000-000000000005",
  examId: "8a7e2c1e-0000-4000-8000-000000000006",
  examTitle: "Prelims 2024 Pattern: GS Paper I",
  questionText: "Consider the following statements about the Preamble.",
  options: { A: "Only one", B: "Only two", C: "All three", D: "None" },
  hindi: {
    questionText: "प्रस्तावना के बारे में निम्नलिखित कथनों पर विचार कीजिए।",
    options: { A: "केवल एक", B: "केवल दो", C: "तीनों", D: "कोई नहीं" },
  },
};
const PLAN = {
  id: "8a7e2c1e-0000-4000-8000-000000000007",
  name: "Pro Monthly",
  description: null,
  price: 299,
  currency: "INR",
  durationDays: 30,
  examLimit: 20,
  attemptLimitPerExam: 3,
  features: ["Explanations for every question"],
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const MOCK = {
  id: "8a7e2c1e-0000-4000-8000-000000000002",
  title: "GS Paper I Full Mock",
  isFree: false,
  kind: "series",
  durationMinutes: 120,
  numQuestions: 100,
};
const CSAT = { ...MOCK, id: "8a7e2c1e-0000-4000-8000-000000000003", title: "CSAT Sprint" };
const NEWS = {
  id: "8a7e2c1e-0000-4000-8000-000000000004",
  title: "Monsoon arrives early",
  excerpt: null,
  publishedDate: "2026-11-20",
};
const OPEN_QUIZ = {
  attemptId: "a1",
  kind: "quiz",
  targetId: QUIZ.id,
  title: QUIZ.title,
  secondsLeft: 300,
  attemptNumber: 2,
  answered: 3,
  numQuestions: 5,
};

const MAINS = {
  id: "8a7e2c1e-0000-4000-8000-000000000010",
  paper: "gs2",
  subjectName: "Polity",
  topicName: "Federalism",
  questionText: "Discuss the working of cooperative federalism in India.",
  questionTextHi: null,
  directive: "Discuss",
  wordLimit: 150,
  marks: 10,
  publishDate: "2026-11-20",
  myCopy: null,
  isToday: true,
};

const ok =
  (body: unknown): ApiRoute =>
  () =>
    jsonResponse(200, body);

/** The home page's server, with each list's answer replaceable. */
function stubHome(overrides: Record<string, ApiRoute> = {}) {
  return stubApi({
    "GET /api/home/quizzes": ok([QUIZ]),
    "GET /api/home/previous-year-papers": ok([{ year: 2024, numTests: 2 }]),
    "GET /api/home/mock-tests": ({ url }) =>
      jsonResponse(200, url.searchParams.get("section") === "csat" ? [CSAT] : [MOCK]),
    "GET /api/news": ok({ items: [NEWS], total: 1, page: 1, pageSize: 3 }),
    "GET /api/home/resume": ok([OPEN_QUIZ]),
    "GET /api/home/study-streak": ok({ studiedHours: 1.5, goalHours: 4, streakDays: 3 }),
    "GET /api/revision/summary": ok({ dueToday: 5, total: 20, mastered: 2 }),
    "GET /api/home/sample-questions": ok([SAMPLE]),
    "GET /api/subscriptions/plans": ok([PLAN]),
    "GET /api/live-classes/next": ok({ liveClass: null }),
    "GET /api/answer-evaluation": ok({
      today: MAINS,
      earlier: { items: [], total: 0, page: 1, pageSize: 1 },
      allowance: { used: 0, limit: 2, hasPlan: false },
    }),
    ...overrides,
  });
}

function renderHome(session: SessionData = null) {
  return renderRoutes([{ path: "/", element: <HomePage /> }], { path: "/", session });
}

const section = (name: string) => screen.getByRole("region", { name });

function renderAsVisitor() {
  const stub = stubHome();
  return { ...renderHome(null), ...stub };
}

describe("HomePage", () => {
  it("shows the loaded lists, each item linking to its page", async () => {
    stubHome();
    renderHome();
    const quiz = await within(section("Daily Current Affairs Quiz")).findByRole("link", {
      name: /Budget Basics/,
    });
    expect(quiz).toHaveAttribute("href", `/quiz/${QUIZ.id}/attempt`);
    expect(quiz).toHaveTextContent("Free");
    expect(quiz).toHaveTextContent("10 min");
    expect(quiz).toHaveTextContent("5 questions");
    const papers = section("Previous Year Question Papers");
    const paper = await within(papers).findByRole("link", { name: /UPSC Prelims 2024/ });
    expect(paper).toHaveAttribute("href", "/student/exams?filter=pyp&year=2024");
    // The papers' questions by subject, topic and year, as the PYQ tile.
    expect(within(papers).getByRole("link", { name: "Questions by topic" })).toHaveAttribute(
      "href",
      "/student/pyq",
    );
    expect(screen.getByRole("link", { name: /PYQ Papers/ })).toHaveAttribute(
      "href",
      "/student/pyq",
    );
    expect(paper).toHaveTextContent("UPSC Prelims 2024");
    expect(paper).toHaveTextContent("2 tests");
    const mock = await within(section("IAS Mock Test Series")).findByRole("link", {
      name: /GS Paper I Full Mock/,
    });
    expect(mock).toHaveAttribute("href", `/exam/${MOCK.id}`);
    expect(mock).toHaveTextContent("Premium");
    expect(mock).toHaveTextContent("Test Series");
    const news = await within(section("Daily News Analysis")).findByRole("link", {
      name: /Monsoon arrives early/,
    });
    expect(news).toHaveAttribute("href", `/news/${NEWS.id}`);
  });

  it("says so when a list is empty", async () => {
    stubHome({
      "GET /api/home/quizzes": ok([]),
      "GET /api/home/previous-year-papers": ok([]),
      "GET /api/home/mock-tests": ok([]),
      "GET /api/news": ok({ items: [], total: 0, page: 1, pageSize: 3 }),
    });
    renderHome();
    for (const items of ["quizzes", "previous year papers", "mock tests", "news"]) {
      expect(
        await screen.findByText(`No ${items} available right now. Check back soon!`),
      ).toBeInTheDocument();
    }
  });

  it("shows a list's error with the server's message, and the other lists still load", async () => {
    stubHome({
      "GET /api/home/quizzes": () =>
        jsonResponse(500, { error: { code: "INTERNAL", message: "Database offline." } }),
    });
    renderHome();
    const quizzes = section("Daily Current Affairs Quiz");
    expect(await within(quizzes).findByRole("alert")).toHaveTextContent(
      "Could not load quizzes. Database offline.",
    );
    expect(await screen.findByRole("link", { name: /UPSC Prelims 2024/ })).toBeInTheDocument();
  });

  it("filters the mock tests by the chosen chip", async () => {
    const { requests } = stubHome();
    renderHome();
    const mocks = section("IAS Mock Test Series");
    expect(await within(mocks).findByText(MOCK.title)).toBeInTheDocument();
    const chip = within(mocks).getByRole("button", { name: "Sectional (CSAT)" });
    expect(chip).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(chip);
    expect(await within(mocks).findByText(CSAT.title)).toBeInTheDocument();
    expect(within(mocks).queryByText(MOCK.title)).toBeNull();
    expect(chip).toHaveAttribute("aria-pressed", "true");
    expect(requests).toContain("GET /api/home/mock-tests?section=csat");
  });

  it("invites a visitor to sign up and asks for nothing of theirs", async () => {
    const { requests } = stubHome();
    renderHome(null);
    expect(screen.getByRole("heading", { name: "Start your study streak" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign up free" })).toHaveAttribute("href", "/register");
    expect(await screen.findByText(QUIZ.title)).toBeInTheDocument();
    expect(
      requests.some(
        (r) => r.includes("/resume") || r.includes("/study-streak") || r.includes("/revision"),
      ),
    ).toBe(false);
  });

  it("shows a visitor the product: what it offers, keyless sample questions and the plans", async () => {
    renderAsVisitor();
    expect(screen.getByRole("heading", { name: "What you get" })).toBeInTheDocument();
    expect(screen.getByText("Rank, percentile and a report")).toBeInTheDocument();
    // A chunk of its own (the question markup): it arrives a moment later.
    const samples = await screen.findByRole("region", { name: "Try a question" });
    expect(await within(samples).findByText(SAMPLE.questionText)).toBeInTheDocument();
    expect(within(samples).getByText("Only two")).toBeInTheDocument();
    expect(
      within(samples).getByRole("link", { name: "Sign up to take this paper" }),
    ).toHaveAttribute("href", "/register");
    const plans = await screen.findByRole("region", { name: "Plans" });
    expect(await within(plans).findByText("Pro Monthly")).toBeInTheDocument();
    // The enforced terms come from the plan's own fields, then the admin's features.
    for (const line of [
      "30 days",
      "Up to 20 premium exams and 20 premium quizzes",
      "3 attempts at each",
      "Explanations for every question",
    ]) {
      expect(within(plans).getByText(line)).toBeInTheDocument();
    }
  });

  it("shows a Hindi reader the Hindi version of a sample question", async () => {
    await applyLanguage("hi");
    renderAsVisitor();
    expect(await screen.findByText(SAMPLE.hindi.questionText)).toBeInTheDocument();
    expect(screen.getByText("केवल दो")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "आपको क्या मिलता है" })).toBeInTheDocument();
  });

  it("marks the quiz a student has done, with the score, and today's quiz", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    stubHome({
      "GET /api/home/quizzes": ok([
        { ...QUIZ, publishedOn: today, maxMarks: 10, isAttempted: true, latestScore: 8 },
        {
          ...QUIZ,
          id: "8a7e2c1e-0000-4000-8000-000000000009",
          title: "Yesterday's Quiz",
          publishedOn: "2026-01-01",
          maxMarks: 10,
          isAttempted: false,
          latestScore: null,
        },
      ]),
    });
    renderHome(studentSession());
    const quizzes = section("Daily Current Affairs Quiz");
    const done = await within(quizzes).findByRole("link", { name: /Budget Basics/ });
    expect(done).toHaveTextContent("Today");
    expect(done).toHaveTextContent("Done · 8/10");
    const other = within(quizzes).getByRole("link", { name: /Yesterday's Quiz/ });
    expect(other).not.toHaveTextContent("Done");
    expect(other).not.toHaveTextContent("Today");
    // A student is not shown the visitor's sales sections.
    expect(screen.queryByRole("heading", { name: "What you get" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Plans" })).toBeNull();
  });

  it("gives a student their streak and their tests to resume", async () => {
    stubHome();
    renderHome(studentSession());
    expect(await screen.findByText("1.5 of 4 hours today")).toBeInTheDocument();
    expect(screen.getByText(streakMessage(1.5, 4))).toBeInTheDocument();
    expect(screen.getByText("· 3 days in a row")).toBeInTheDocument();
    const resume = section("Resume Your Practice");
    const link = await within(resume).findByRole("link", { name: /Budget Basics/ });
    expect(link).toHaveAttribute("href", `/quiz/${QUIZ.id}/attempt`);
    expect(link).toHaveTextContent("In progress · 5 min left");
    expect(link).toHaveTextContent("Attempt #2 · 3 of 5 answered");
    // The revision notebook's cards due today, linking to it.
    const revision = await screen.findByRole("link", { name: /5 due today/ });
    expect(revision).toHaveAttribute("href", "/student/revision");
  });

  it("links answer evaluation from the quick actions and the call to action, nothing coming soon", async () => {
    stubHome();
    renderHome(studentSession());
    expect(screen.getByRole("link", { name: /Answer Writing/ })).toHaveAttribute(
      "href",
      "/student/answer-evaluation",
    );
    expect(screen.getByRole("link", { name: "Write an answer" })).toHaveAttribute(
      "href",
      "/student/answer-evaluation",
    );
    // Every quick action is a real place (decision 043): nothing is "Coming soon".
    expect(screen.queryByText("Coming soon")).toBeNull();
    expect(screen.getByRole("link", { name: /Live Classes/ })).toHaveAttribute(
      "href",
      "/live-classes",
    );
    expect(screen.getByRole("link", { name: /Study Notes/ })).toHaveAttribute(
      "href",
      "/student/study-materials/notes",
    );
    expect(screen.getByRole("link", { name: /Answer Writing/ })).not.toHaveTextContent(
      "Coming soon",
    );
  });

  it("shows the next live class with its calendar file, and a visitor is asked to log in to join", async () => {
    const startsAt = new Date(Date.now() + 10 * 60_000).toISOString();
    stubHome({
      "GET /api/live-classes/next": ok({
        liveClass: {
          id: "5b6f0f8e-9a1d-4c1e-8d4e-0c5d1b7a9e01",
          title: "Monsoon and Indian agriculture",
          titleHi: null,
          teacher: "Dr. Meera Rao",
          description: null,
          subjectId: null,
          subjectName: "Geography",
          topicName: null,
          startsAt,
          endsAt: startsAt,
          durationMinutes: 60,
          isFree: true,
          status: "upcoming",
          locked: false,
          canJoin: true,
          recordingUrl: null,
          hasRecording: false,
          reminded: false,
          attended: false,
        },
      }),
    });
    renderHome(null);
    const card = await screen.findByRole("region", { name: "Next live class" });
    expect(
      within(card).getByRole("heading", { name: "Monsoon and Indian agriculture" }),
    ).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Add to calendar" })).toHaveAttribute(
      "href",
      "/api/live-classes/5b6f0f8e-9a1d-4c1e-8d4e-0c5d1b7a9e01/calendar.ics",
    );
    expect(within(card).getByRole("link", { name: "Log in to join" })).toHaveAttribute(
      "href",
      "/login",
    );
    expect(within(card).queryByRole("button", { name: "Remind me" })).toBeNull();
  });

  it("gives a student today's Mains question, shortened, with the way to answer it", async () => {
    const { requests } = stubHome();
    renderHome(studentSession());
    const card = await screen.findByRole("region", { name: "Today's Mains question" });
    const text = within(card).getByText(MAINS.questionText);
    expect(text).toHaveClass("line-clamp-3");
    expect(text).toHaveAttribute("lang", "en");
    expect(within(card).getByText("GS II")).toBeInTheDocument();
    expect(within(card).getByText("150 words")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Write your answer" })).toHaveAttribute(
      "href",
      `/student/answer-evaluation/${MAINS.id}`,
    );
    expect(requests).toContain("GET /api/answer-evaluation?page=1&pageSize=1");
  });

  it("shows the Mains question to neither a visitor nor an admin, and does not ask for it", async () => {
    const visitor = stubHome();
    const { unmount } = renderHome(null);
    expect(await screen.findByText(QUIZ.title)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Today's Mains question" })).toBeNull();
    expect(visitor.requests.some((r) => r.startsWith("GET /api/answer-evaluation"))).toBe(false);
    unmount();

    const admin = stubHome();
    renderHome(adminSession());
    expect((await screen.findAllByText(QUIZ.title)).length).toBeGreaterThan(0);
    expect(screen.queryByRole("region", { name: "Today's Mains question" })).toBeNull();
    expect(admin.requests.some((r) => r.startsWith("GET /api/answer-evaluation"))).toBe(false);
  });

  it("saves a new daily goal", async () => {
    let goal = 4;
    const { requests } = stubHome({
      "GET /api/home/study-streak": () =>
        jsonResponse(200, { studiedHours: 1.5, goalHours: goal, streakDays: 3 }),
      "PUT /api/home/study-goal": ({ json }) => {
        goal = (json() as { hours: number }).hours;
        return jsonResponse(200, { goalHours: goal });
      },
    });
    renderHome(studentSession());
    await userEvent.click(await screen.findByRole("button", { name: "Change daily goal" }));
    await userEvent.selectOptions(screen.getByLabelText("Daily goal"), "6");
    expect(await screen.findByText("1.5 of 6 hours today")).toBeInTheDocument();
    expect(goal).toBe(6);
    await waitFor(() => expect(screen.queryByLabelText("Daily goal")).toBeNull());
    expect(requests).toContain("PUT /api/home/study-goal");
  });
});
