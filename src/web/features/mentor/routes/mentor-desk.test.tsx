import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { mentorSession, renderRoutes } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MentorDeskPage } from "./mentor-desk.tsx";

const OLD = "8a7e2c1e-0000-4000-8000-000000000801";
const NEW = "8a7e2c1e-0000-4000-8000-000000000802";
const HELD = "8a7e2c1e-0000-4000-8000-000000000803";
const ASKED = "8a7e2c1e-0000-4000-8000-000000000804";
const POLITY = "8a7e2c1e-0000-4000-8000-000000000805";

const queueCopy = (id: string, questionText: string, secondsLeft: number) => ({
  id,
  questionText,
  paper: "gs2",
  subjectName: "Polity",
  marks: 10,
  format: "images",
  pageCount: 3,
  submittedAt: "2026-11-18T04:00:00.000Z",
  dueAt: "2026-11-21T04:00:00.000Z",
  secondsLeft,
});

const deskCopy = (id: string, questionText: string, extra: Record<string, unknown> = {}) => ({
  id,
  questionText,
  paper: "gs1",
  submittedAt: "2026-11-18T04:00:00.000Z",
  dueAt: "2026-11-21T04:00:00.000Z",
  claimExpiresAt: null,
  evaluatedAt: null,
  marks: null,
  outOf: 10,
  rating: null,
  followUpQuestion: null,
  followUpAnswer: null,
  secondsLeft: 3600,
  ...extra,
});

const QUEUE = [
  queueCopy(OLD, "Examine the working of the Inter-State Council.", -5 * 3600 - 30),
  queueCopy(NEW, "Discuss the Governor's discretionary powers.", (2 * 24 + 3) * 3600 + 30),
];

function renderDesk(routes: Record<string, ApiRoute> = {}) {
  const stub = stubApi({
    "GET /api/mentor/desk": () =>
      jsonResponse(200, {
        held: [deskCopy(HELD, "Evaluate the role of the Finance Commission.")],
        followUps: [
          deskCopy(ASKED, "Comment on cooperative federalism.", {
            followUpQuestion: "Should I have quoted the Punchhi Commission?",
          }),
        ],
        recent: [
          deskCopy(ASKED, "Comment on cooperative federalism.", {
            evaluatedAt: "2026-11-19T04:00:00.000Z",
            marks: 6.5,
            rating: 4,
          }),
        ],
      }),
    "GET /api/mentor/settings": () => jsonResponse(200, { mentorsMayPublishQuestions: true }),
    "GET /api/subjects": () => jsonResponse(200, [{ id: POLITY, name: "Polity", topics: [] }]),
    "GET /api/mentor/queue": ({ url }) =>
      jsonResponse(200, {
        items: url.searchParams.get("paper") === "gs4" ? [] : QUEUE,
        total: url.searchParams.get("paper") === "gs4" ? 0 : 2,
        page: 1,
        pageSize: 20,
      }),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: "/mentor", element: <MentorDeskPage /> },
      { path: "/mentor/copies/:copyId", element: <h1>Copy page</h1> },
      { path: "/mentor/questions", element: <h1>Questions page</h1> },
    ],
    { path: "/mentor", session: mentorSession() },
  );
  return { ...stub, ...view };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MentorDeskPage", () => {
  it("shows held copies, follow-ups, the queue oldest first with time left, and recent work", async () => {
    renderDesk();
    const queue = await screen.findByRole("region", { name: "Queue" });
    const rows = await within(queue).findAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("Inter-State Council");
    expect(rows[0]).toHaveTextContent("Overdue by 5 h");
    expect(rows[1]).toHaveTextContent("Due in 2 days 3 h");
    expect(rows[1]).toHaveTextContent("3 pages");
    const held = screen.getByRole("region", { name: /My copies/ });
    expect(within(held).getByRole("link", { name: "Evaluate" })).toHaveAttribute(
      "href",
      `/mentor/copies/${HELD}`,
    );
    expect(screen.getByRole("region", { name: /Follow-up questions/ })).toHaveTextContent(
      "Should I have quoted the Punchhi Commission?",
    );
    expect(screen.getByRole("region", { name: "Recently evaluated" })).toHaveTextContent(
      "6.5 / 10",
    );
    expect(screen.getByRole("link", { name: "Mains questions" })).toHaveAttribute(
      "href",
      "/mentor/questions",
    );
  });

  it("filters the queue by paper and subject", async () => {
    const { requests } = renderDesk();
    const queue = await screen.findByRole("region", { name: "Queue" });
    await within(queue).findAllByRole("listitem");
    await userEvent.selectOptions(within(queue).getByLabelText("Subject"), "Polity");
    await userEvent.selectOptions(within(queue).getByLabelText("Paper"), "GS IV");
    expect(await within(queue).findByText("No copies waiting.")).toBeVisible();
    expect(requests).toContain(
      `GET /api/mentor/queue?page=1&pageSize=20&paper=gs4&subjectId=${POLITY}`,
    );
  });

  it("claims a copy and opens it", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const { requests } = renderDesk({
      [`POST /api/mentor/copies/${NEW}/claim`]: () => jsonResponse(200, { id: NEW }),
    });
    const queue = await screen.findByRole("region", { name: "Queue" });
    const rows = await within(queue).findAllByRole("listitem");
    await userEvent.click(within(rows[1] as HTMLElement).getByRole("button", { name: "Claim" }));
    expect(await screen.findByRole("heading", { name: "Copy page" })).toBeVisible();
    expect(requests).toContain(`POST /api/mentor/copies/${NEW}/claim`);
    expect(success).toHaveBeenCalledWith(
      "Copy claimed",
      "It is yours to evaluate until the claim expires.",
    );
  });

  it("says another mentor was first (409) and fetches the queue again", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    const { requests } = renderDesk({
      [`POST /api/mentor/copies/${OLD}/claim`]: () =>
        jsonResponse(409, {
          error: { code: "CONFLICT", message: "Another mentor has already claimed this copy." },
        }),
    });
    const queue = await screen.findByRole("region", { name: "Queue" });
    const rows = await within(queue).findAllByRole("listitem");
    const queueFetches = () => requests.filter((r) => r.startsWith("GET /api/mentor/queue"));
    expect(queueFetches()).toHaveLength(1);
    await userEvent.click(within(rows[0] as HTMLElement).getByRole("button", { name: "Claim" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Another mentor has already claimed this copy."),
    );
    await waitFor(() => expect(queueFetches()).toHaveLength(2));
    expect(screen.getByRole("heading", { name: "Evaluations" })).toBeVisible();
  });

  it("answers a follow-up question", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let sent: unknown;
    renderDesk({
      [`POST /api/mentor/copies/${ASKED}/follow-up-answer`]: ({ json }) => {
        sent = json();
        return jsonResponse(200, { id: ASKED });
      },
    });
    const followUps = await screen.findByRole("region", { name: /Follow-up questions/ });
    await userEvent.click(within(followUps).getByRole("button", { name: "Send answer" }));
    expect(await within(followUps).findByText("Write your answer first.")).toBeVisible();
    expect(sent).toBeUndefined();
    await userEvent.type(
      within(followUps).getByLabelText("Your answer"),
      "Yes: its 2010 report on the Governor.",
    );
    await userEvent.click(within(followUps).getByRole("button", { name: "Send answer" }));
    await waitFor(() => expect(sent).toEqual({ answer: "Yes: its 2010 report on the Governor." }));
    expect(success).toHaveBeenCalledWith("Answer sent", "The student sees it with their copy.");
  });
});
