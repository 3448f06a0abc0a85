import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import type {
  EvaluationAllowance,
  MyEvaluation,
  StudentMainsQuestion,
} from "../api/answer-evaluation.ts";
import { AnswerEvaluationPage } from "./answer-evaluation-page.tsx";

const TODAY = "11111111-1111-4111-8111-111111111111";
const OLDER = "22222222-2222-4222-8222-222222222222";
const EVALUATED = "33333333-3333-4333-8333-333333333333";

const question = (id: string, extra: Partial<StudentMainsQuestion> = {}): StudentMainsQuestion => ({
  id,
  paper: "gs2",
  subjectName: "Polity",
  topicName: "Federalism",
  questionText: `Discuss cooperative federalism (${id.slice(0, 4)}).`,
  questionTextHi: null,
  directive: "Discuss",
  wordLimit: 150,
  marks: 10,
  publishDate: "2026-05-02",
  myCopy: null,
  ...extra,
});

type TodayQuestion = StudentMainsQuestion & { isToday: boolean };
const today = (extra: Partial<TodayQuestion> = {}): TodayQuestion => ({
  ...question(TODAY),
  isToday: true,
  ...extra,
});

const ALLOWANCE: EvaluationAllowance = { used: 1, limit: 2, hasPlan: false };

const copyRow = (extra: Partial<MyEvaluation>): MyEvaluation => ({
  id: "c0000000-0000-4000-8000-000000000000",
  questionId: OLDER,
  questionText: "Examine the role of the Finance Commission.",
  questionTextHi: null,
  paper: "gs2",
  outOf: 10,
  stage: "submitted",
  submittedAt: "2026-05-01T06:30:00.000Z",
  claimedAt: null,
  evaluatedAt: null,
  dueAt: "2026-05-04T06:30:00.000Z",
  marks: null,
  ...extra,
});

type Overrides = {
  today?: TodayQuestion | null;
  allowance?: EvaluationAllowance;
  earlierTotal?: number;
  mine?: MyEvaluation[];
};

function renderList(overrides: Overrides = {}, routes: Record<string, ApiRoute> = {}) {
  const todays = overrides.today === undefined ? today() : overrides.today;
  const earlierTotal = overrides.earlierTotal ?? 12;
  const stub = stubApi({
    "GET /api/answer-evaluation": ({ url }) => {
      const page = Number(url.searchParams.get("page"));
      const pageSize = Number(url.searchParams.get("pageSize"));
      const items =
        earlierTotal === 0
          ? []
          : page === 1
            ? [
                question(OLDER, {
                  publishDate: "2026-05-01",
                  myCopy: { id: "c1", status: "submitted", marks: null },
                }),
                question(EVALUATED, {
                  paper: "essay",
                  wordLimit: null,
                  marks: 15,
                  publishDate: "2026-04-30",
                  myCopy: { id: "c2", status: "evaluated", marks: 9.5 },
                }),
              ]
            : [question("44444444-4444-4444-8444-444444444444", { publishDate: "2026-04-01" })];
      return jsonResponse(200, {
        today: todays,
        earlier: { items, total: earlierTotal, page, pageSize },
        allowance: overrides.allowance ?? ALLOWANCE,
      });
    },
    "GET /api/answer-evaluation/mine": ({ url }) => {
      const items = overrides.mine ?? [
        copyRow({}),
        copyRow({
          id: "c2",
          questionId: EVALUATED,
          questionText: "Essay: Technology and the citizen",
          paper: "essay",
          outOf: 15,
          stage: "evaluated",
          claimedAt: "2026-04-30T09:00:00.000Z",
          evaluatedAt: "2026-05-01T09:00:00.000Z",
          marks: 9.5,
        }),
      ];
      return jsonResponse(200, {
        items,
        total: items.length,
        page: Number(url.searchParams.get("page")),
        pageSize: Number(url.searchParams.get("pageSize")),
      });
    },
    ...routes,
  });
  const view = renderRoutes(
    [{ path: "/student/answer-evaluation", element: <AnswerEvaluationPage /> }],
    { path: "/student/answer-evaluation", session: studentSession() },
  );
  return { ...stub, ...view };
}

const region = (name: string) => screen.getByRole("region", { name });

describe("Answer Evaluation: the questions", () => {
  it("shows today's question with its facts, the allowance, earlier questions and My evaluations", async () => {
    const user = userEvent.setup();
    const { requests } = renderList();
    expect(screen.getByRole("heading", { name: "Answer Evaluation", level: 1 })).toBeVisible();

    const card = await screen.findByRole("region", { name: "Today's Mains question" });
    expect(within(card).getByText("1 of 2 evaluations left this period")).toBeVisible();
    expect(within(card).queryByRole("link", { name: "View Plans" })).toBeNull();
    const facts = within(card).getByRole("list", { name: "About this question" });
    expect(
      within(facts)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["GS II", "Polity › Federalism", "Discuss", "150 words", "10 marks"]);
    expect(
      within(card).getByRole("heading", { name: "Discuss cooperative federalism (1111)." }),
    ).toHaveAttribute("lang", "en");
    expect(within(card).getByRole("link", { name: "Write your answer" })).toHaveAttribute(
      "href",
      `/student/answer-evaluation/${TODAY}`,
    );

    // Earlier questions: each with where the student stands, paged.
    const earlier = region("Earlier questions");
    const cards = within(earlier).getAllByRole("article");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText("Submitted")).toBeVisible();
    expect(within(cards[0]!).getByRole("link", { name: "See your answer" })).toHaveAttribute(
      "href",
      `/student/answer-evaluation/${OLDER}`,
    );
    expect(within(cards[1]!).getByText("Essay")).toBeVisible();
    expect(within(cards[1]!).getByText("No word limit")).toBeVisible();
    expect(within(cards[1]!).getByText("Evaluated")).toBeVisible();
    expect(within(cards[1]!).getByText("9.5 / 15")).toBeVisible();
    expect(within(earlier).getByText("Page 1 of 2 (12 in all)")).toBeVisible();
    await user.click(within(earlier).getByRole("button", { name: /Next/ }));
    expect(
      await within(region("Earlier questions")).findByRole("heading", {
        name: "Discuss cooperative federalism (4444).",
      }),
    ).toBeVisible();
    expect(requests).toContain("GET /api/answer-evaluation?page=2&pageSize=10");
    expect(region("Earlier questions").querySelector("h2")).toHaveFocus();

    // My evaluations: stage, dates and marks.
    const mine = region("My evaluations");
    const rows = within(mine).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Submitted");
    expect(rows[0]).toHaveTextContent("Due by:4 May 2026");
    expect(within(rows[0]!).getByRole("link")).toHaveAttribute(
      "href",
      `/student/answer-evaluation/${OLDER}`,
    );
    expect(rows[1]).toHaveTextContent("Evaluated");
    expect(rows[1]).toHaveTextContent("Evaluated:1 May 2026");
    expect(rows[1]).toHaveTextContent("Marks: 9.5 / 15");
  });

  it("offers the plans when no evaluation is left, and says so when unlimited", async () => {
    renderList({ allowance: { used: 2, limit: 2, hasPlan: false } });
    const card = await screen.findByRole("region", { name: "Today's Mains question" });
    expect(within(card).getByText("0 of 2 evaluations left this period")).toBeVisible();
    expect(within(card).getByRole("link", { name: "View Plans" })).toHaveAttribute(
      "href",
      "/student/subscriptions",
    );
  });

  it("says unlimited on a plan without a limit, and names the latest question when none is today's", async () => {
    renderList({
      allowance: { used: 7, limit: null, hasPlan: true },
      today: today({ isToday: false }),
      earlierTotal: 0,
      mine: [],
    });
    const latest = await screen.findByRole("region", { name: "Latest Mains question" });
    expect(within(latest).getByText("Unlimited evaluations")).toBeVisible();
    expect(screen.queryByRole("region", { name: "Earlier questions" })).toBeNull();
    expect(
      await within(region("My evaluations")).findByText(
        "Answers you submit are listed here with their evaluation.",
      ),
    ).toBeVisible();
  });

  it("says when no question is published yet", async () => {
    renderList({ today: null, earlierTotal: 0, mine: [] });
    expect(await screen.findByRole("heading", { name: "No Mains question yet" })).toBeVisible();
  });

  it("shows the question in Hindi to a Hindi reader", async () => {
    await applyLanguage("hi");
    renderList({
      today: today({ questionTextHi: "सहकारी संघवाद की चर्चा कीजिए।" }),
    });
    const card = await screen.findByRole("region", { name: "आज का मुख्य परीक्षा प्रश्न" });
    expect(
      within(card).getByRole("heading", { name: "सहकारी संघवाद की चर्चा कीजिए।" }),
    ).toHaveAttribute("lang", "hi");
    expect(within(card).getByRole("link", { name: "अपना उत्तर लिखें" })).toBeVisible();
    expect(within(card).getByText("150 शब्द")).toBeVisible();
  });
});
