import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { mentorSession, renderRoutes } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClaimMarkingInput } from "../../../../shared/mains-marking-schemas.ts";
import { MainsQueuePage } from "./mains-queue.tsx";

const BOOKLET_TEST = "8a7e2c1e-0000-4000-8000-000000000900";
const QUESTION_TEST = "8a7e2c1e-0000-4000-8000-000000000901";
const Q2 = "8a7e2c1e-0000-4000-8000-000000000912";
const MARK = "8a7e2c1e-0000-4000-8000-000000000920";

const question = (position: number, first: number) => ({
  testQuestionId: `8a7e2c1e-0000-4000-8000-00000000091${position}`,
  position,
  marks: 10,
  waiting: { first, second: 0, reeval: 0 },
});

const QUEUE = {
  tests: [
    {
      id: BOOKLET_TEST,
      title: "GS Paper II full test 1",
      titleHi: null,
      paper: "gs2",
      evaluationMode: "booklet",
      waiting: { first: 6, second: 2, reeval: 0 },
      more: { first: false, second: false, reeval: false },
      bookletsWaiting: 3,
      oldestWaitingAt: "2026-12-01T09:00:00.000Z",
      held: 0,
      questions: [question(1, 3), question(2, 3)],
    },
    {
      id: QUESTION_TEST,
      title: "Essay full test 2",
      titleHi: null,
      paper: "essay",
      evaluationMode: "question",
      waiting: { first: 104, second: 0, reeval: 0 },
      more: { first: true, second: false, reeval: false },
      bookletsWaiting: 0,
      oldestWaitingAt: "2026-12-01T10:00:00.000Z",
      held: 0,
      questions: [question(1, 0), question(2, 100), question(3, 4)],
    },
  ],
  held: { booklets: 0, marks: 0 },
  countCap: 100,
};

function renderQueue(routes: Record<string, ApiRoute> = {}) {
  const stub = stubApi({
    "GET /api/mentor/mains/queue": () => jsonResponse(200, QUEUE),
    "GET /api/mentor/mains/work": () => jsonResponse(200, { groups: [] }),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: "/mentor/mains", element: <MainsQueuePage /> },
      { path: "/mentor/mains/marks/:markId", element: <h1>Marking desk</h1> },
    ],
    { path: "/mentor/mains", session: mentorSession() },
  );
  return { ...stub, ...view };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MainsQueuePage", () => {
  it("lists each test's waiting work by round, and says when the mentor holds nothing", async () => {
    renderQueue();
    expect(await screen.findByText("You hold no answers.")).toBeVisible();
    const card = (await screen.findByRole("heading", { name: "GS Paper II full test 1" })).closest(
      "li",
    ) as HTMLElement;
    expect(within(card).getByText("A booklet at a time")).toBeVisible();
    expect(
      within(card).getByRole("button", { name: /Claim a booklet \(3 waiting\)/ }),
    ).toBeVisible();
    expect(within(card).getByRole("button", { name: /Claim second markings/ })).toBeVisible();
    expect(within(card).queryByRole("button", { name: /Claim re-evaluations/ })).toBeNull();
    const essay = screen
      .getByRole("heading", { name: "Essay full test 2" })
      .closest("li") as HTMLElement;
    // Question mode: a claim per question with answers waiting, and none for the others.
    expect(within(essay).getAllByRole("button", { name: /Claim answers/ })).toHaveLength(2);
    // Counts stop at the server's cap: "100+".
    expect(within(essay).getByText(/Question 2 · Answers waiting: 100\+/)).toBeVisible();
    expect(within(essay).getByText(/Question 3 · Answers waiting: 4$/)).toBeVisible();
    expect(within(essay).getByText("104+")).toBeVisible();
  });

  it("claims a question's answers (question mode) and opens the first answer", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    const claims: [string, ClaimMarkingInput][] = [];
    const answer = (testId: string, body: ClaimMarkingInput) => {
      claims.push([testId, body]);
      return jsonResponse(200, { round: body.round, bookletId: null, markIds: [MARK] });
    };
    renderQueue({
      [`POST /api/mentor/mains/tests/${QUESTION_TEST}/claim`]: ({ json }) =>
        answer(QUESTION_TEST, json() as ClaimMarkingInput),
    });
    const essay = (await screen.findByRole("heading", { name: "Essay full test 2" })).closest(
      "li",
    ) as HTMLElement;
    await userEvent.click(
      within(essay).getAllByRole("button", { name: /Claim answers/ })[0] as HTMLElement,
    );
    expect(await screen.findByRole("heading", { name: "Marking desk" })).toBeVisible();
    expect(claims).toEqual([[QUESTION_TEST, { round: "first", testQuestionId: Q2 }]]);
  });

  it("says why a claim was refused", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    renderQueue({
      [`POST /api/mentor/mains/tests/${BOOKLET_TEST}/claim`]: () =>
        jsonResponse(404, {
          error: {
            code: "NOT_FOUND",
            message: "Nothing in this test is waiting for this round of marking.",
          },
        }),
    });
    await userEvent.click(await screen.findByRole("button", { name: /Claim a booklet/ }));
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "Error claiming the work",
        "Nothing in this test is waiting for this round of marking.",
      ),
    );
  });
});
