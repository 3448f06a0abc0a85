import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { mentorSession, renderRoutes } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BookletPageMap, MarkDraft } from "../../../../shared/mains-marking-schemas.ts";
import { MainsWorkPage } from "./mains-work.tsx";

// pdf.js cannot draw in jsdom: these booklets are photos, and the loader is never imported.
vi.mock("@web/lib/pdf-document.ts", () => ({ openPdf: vi.fn() }));

const MARK_1 = "8a7e2c1e-0000-4000-8000-000000000801";
const MARK_2 = "8a7e2c1e-0000-4000-8000-000000000802";
const BOOKLET = "8a7e2c1e-0000-4000-8000-000000000810";
const Q1 = "8a7e2c1e-0000-4000-8000-000000000821";
const Q2 = "8a7e2c1e-0000-4000-8000-000000000822";

const page = (n: number) => ({
  page: n,
  fileId: `8a7e2c1e-0000-4000-8000-00000000083${n}`,
  url: `/api/mains-tests/booklet-files/8a7e2c1e-0000-4000-8000-00000000083${n}`,
  contentType: "image/jpeg",
  pdfPage: null,
  rotation: 0,
});

/** Question 1 of a booklet-mode test's first marking: pages 1–2 of a 3-page booklet. */
function markView(overrides: Record<string, unknown> = {}) {
  return {
    id: MARK_1,
    round: "first",
    status: "claimed",
    claimExpiresAt: new Date(Date.now() + 20 * 3600_000).toISOString(),
    markedAt: null,
    test: {
      id: "8a7e2c1e-0000-4000-8000-000000000800",
      title: "GS Paper II full test 1",
      titleHi: null,
      paper: "gs2",
      evaluationMode: "booklet",
    },
    question: {
      testQuestionId: Q1,
      position: 1,
      section: 1,
      marks: 10,
      wordLimit: 150,
      questionText: "Examine the role of the Finance Commission in fiscal federalism.",
      questionTextHi: null,
      directive: "Examine",
      modelAnswer: "Article 280; vertical and horizontal devolution.",
      modelAnswerHi: null,
    },
    booklet: {
      id: BOOKLET,
      format: "images",
      pageCount: 3,
      submittedAt: "2026-12-01T09:00:00.000Z",
      pages: [page(1), page(2), page(3)],
      answers: [
        { testQuestionId: Q1, position: 1, startPage: 1 },
        { testQuestionId: Q2, position: 2, startPage: 3 },
      ],
    },
    answer: { startPage: 1, endPage: 2, typedText: null, wordCount: null },
    rubric: [
      { name: "Introduction", weight: 20, max: 2, marks: null },
      { name: "Body and content", weight: 60, max: 6, marks: null },
      { name: "Conclusion", weight: 20, max: 2, marks: null },
    ],
    marks: null,
    outOf: 10,
    comment: "",
    annotations: [],
    siblings: [
      { id: MARK_1, position: 1, marked: false },
      { id: MARK_2, position: 2, marked: false },
    ],
    ...overrides,
  };
}

function renderDesk(routes: Record<string, ApiRoute> = {}) {
  const stub = stubApi({
    [`GET /api/mentor/mains/marks/${MARK_1}`]: () => jsonResponse(200, markView()),
    [`GET /api/mentor/mains/marks/${MARK_2}`]: () =>
      jsonResponse(
        200,
        markView({
          id: MARK_2,
          question: { ...markView().question, testQuestionId: Q2, position: 2 },
          answer: { startPage: 3, endPage: 3, typedText: null, wordCount: null },
        }),
      ),
    "GET /api/mentor/mains/queue": () => jsonResponse(200, { tests: [], held: {} }),
    "GET /api/mentor/mains/work": () => jsonResponse(200, { groups: [] }),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: "/mentor/mains/marks/:markId", element: <MainsWorkPage /> },
      { path: "/mentor/mains", element: <h1>Mains queue</h1> },
    ],
    { path: `/mentor/mains/marks/${MARK_1}`, session: mentorSession() },
  );
  return { ...stub, ...view };
}

async function score(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MainsWorkPage", () => {
  it("shows the question, the answer's own pages first and the booklet's others folded away", async () => {
    renderDesk();
    expect(await screen.findByText(/role of the Finance Commission/)).toBeVisible();
    expect(screen.getByText("This answer is on pages 1 to 2 of the booklet.")).toBeVisible();
    expect(screen.getByRole("img", { name: "Page 1 of the answer" })).toBeVisible();
    expect(screen.getByRole("img", { name: "Page 2 of the answer" })).toBeVisible();
    const others = screen.getByText("The booklet's other pages (1)").closest("details");
    expect(others).not.toHaveAttribute("open");
    expect(within(others as HTMLElement).getByRole("img", { hidden: true })).toHaveAccessibleName(
      "Page 3 of the answer",
    );
    expect(screen.getByText("Answer 1 of 2")).toBeVisible();
    expect(screen.getByRole("button", { name: "Previous answer" })).toBeDisabled();
    expect(screen.getByText("First marking")).toBeVisible();
    expect(screen.queryByText(/Marked blind/)).toBeNull();
  });

  it("saves the draft with one entry of annotations per booklet page, and saves before going to the next answer", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    const saved: MarkDraft[] = [];
    const { requests } = renderDesk({
      [`PUT /api/mentor/mains/marks/${MARK_1}`]: ({ json }) => {
        saved.push(json() as MarkDraft);
        return jsonResponse(200, markView());
      },
    });
    await screen.findByText(/role of the Finance Commission/);
    await score("Introduction", "1.5");
    await userEvent.type(screen.getByLabelText("Overall comment"), "Cite Article 280.");
    expect(screen.getByText("Unsaved changes")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Next answer" }));
    expect(await screen.findByText("This answer is on page 3 of the booklet.")).toBeVisible();
    expect(saved).toEqual([
      {
        annotations: [
          { strokes: [], notes: [], stamps: [] },
          { strokes: [], notes: [], stamps: [] },
          { strokes: [], notes: [], stamps: [] },
        ],
        partMarks: [1.5, null, null],
        comment: "Cite Article 280.",
      },
    ]);
    const writes = requests.filter((r) => !r.startsWith("GET /api/mentor/mains/q"));
    expect(writes.indexOf(`PUT /api/mentor/mains/marks/${MARK_1}`)).toBeLessThan(
      writes.indexOf(`GET /api/mentor/mains/marks/${MARK_2}`),
    );
  });

  it("submits only with every part scored, after confirming, and opens the next answer to mark", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    vi.spyOn(notify, "success").mockImplementation(() => "");
    let submitted: MarkDraft | undefined;
    renderDesk({
      [`POST /api/mentor/mains/marks/${MARK_1}/submit`]: ({ json }) => {
        submitted = json() as MarkDraft;
        return jsonResponse(200, {
          evaluated: false,
          mark: markView({ status: "marked", marks: 8 }),
        });
      },
    });
    await screen.findByText(/role of the Finance Commission/);
    await score("Introduction", "2");
    await userEvent.click(screen.getByRole("button", { name: "Submit marks" }));
    expect(error).toHaveBeenCalledWith("Score every part of the rubric.");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await score("Body and content", "5");
    await score("Conclusion", "1");
    await userEvent.click(screen.getByRole("button", { name: "Submit marks" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Submit marks" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("This answer is on page 3 of the booklet.")).toBeVisible();
    expect(submitted?.partMarks).toEqual([2, 5, 1]);
  });

  it("corrects the page map: a page outside the booklet is refused, a good map is sent", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    let map: BookletPageMap | undefined;
    const { requests } = renderDesk({
      [`PUT /api/mentor/mains/booklets/${BOOKLET}/map`]: ({ json }) => {
        map = json() as BookletPageMap;
        return jsonResponse(200, {});
      },
    });
    await screen.findByText(/role of the Finance Commission/);
    fireEvent.click(screen.getByText("Correct the page map"));
    const second = screen.getByLabelText("Question 2 starts on page");
    await userEvent.clear(second);
    await userEvent.type(second, "4");
    await userEvent.click(screen.getByRole("button", { name: "Save page map" }));
    expect(await screen.findByText("Enter a page from 1 to 3, or leave it blank.")).toBeVisible();
    expect(requests.filter((r) => r.startsWith("PUT"))).toEqual([]);
    await userEvent.clear(second);
    await userEvent.type(second, "2");
    await userEvent.click(screen.getByRole("button", { name: "Save page map" }));
    await waitFor(() => expect(map).toBeDefined());
    expect(map).toEqual({
      answers: [
        { testQuestionId: Q1, startPage: 1 },
        { testQuestionId: Q2, startPage: 2 },
      ],
    });
  });

  it("shows a second marking as blind, and a submitted one read-only", async () => {
    renderDesk({
      [`GET /api/mentor/mains/marks/${MARK_1}`]: () =>
        jsonResponse(
          200,
          markView({
            round: "second",
            status: "marked",
            claimExpiresAt: null,
            markedAt: "2026-12-01T12:00:00.000Z",
            rubric: [
              { name: "Introduction", weight: 20, max: 2, marks: 2 },
              { name: "Body and content", weight: 60, max: 6, marks: 5 },
              { name: "Conclusion", weight: 20, max: 2, marks: 1 },
            ],
            marks: 8,
            comment: "Well argued.",
          }),
        ),
    });
    expect(await screen.findByText("Well argued.")).toBeVisible();
    expect(screen.getByText(/Marked blind/)).toBeVisible();
    expect(screen.getByText("8 / 10")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Save draft" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Annotation tools" })).toBeNull();
    expect(screen.queryByText("Correct the page map")).toBeNull();
  });
});
