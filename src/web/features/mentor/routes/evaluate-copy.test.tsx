import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { mentorSession, renderRoutes } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EvaluationDraft } from "../../../../shared/evaluation.ts";
import { EvaluateCopyPage } from "./evaluate-copy.tsx";

// pdf.js cannot draw in jsdom (and its worker is a build asset): these copies are photos, and
// the loader is replaced so nothing imports it.
vi.mock("@web/lib/pdf-document.ts", () => ({ openPdf: vi.fn() }));

const COPY = "8a7e2c1e-0000-4000-8000-000000000701";
const FILE_1 = "8a7e2c1e-0000-4000-8000-000000000711";
const FILE_2 = "8a7e2c1e-0000-4000-8000-000000000712";

const page = (fileId: string) => ({
  fileId,
  url: `/api/answer-copies/files/${fileId}`,
  contentType: "image/jpeg",
  pdfPage: null,
  rotation: 0,
});

function copyView(overrides: Record<string, unknown> = {}) {
  return {
    id: COPY,
    question: {
      id: "8a7e2c1e-0000-4000-8000-000000000702",
      paper: "gs2",
      subjectName: "Polity",
      topicName: "Federalism",
      questionText: "Discuss the role of the Governor in India's federal structure.",
      questionTextHi: null,
      directive: "Discuss",
      wordLimit: 150,
      marks: 10,
      publishDate: "2026-11-20",
    },
    stage: "in_evaluation",
    format: "images",
    typedAnswer: null,
    wordCount: null,
    pageCount: 2,
    files: [],
    pages: [page(FILE_1), page(FILE_2)],
    timeline: {
      submittedAt: "2026-11-20T04:00:00.000Z",
      dueAt: "2026-11-23T04:00:00.000Z",
      claimedAt: "2026-11-21T04:00:00.000Z",
      evaluatedAt: null,
    },
    mentorName: "Meera Iyer",
    claim: { claimedBy: "m1", expiresAt: "2026-11-22T04:00:00.000Z", held: true },
    evaluation: {
      rubric: [
        { name: "Introduction", weight: 20, max: 2, marks: null },
        { name: "Body and content", weight: 60, max: 6, marks: null },
        { name: "Conclusion", weight: 20, max: 2, marks: null },
      ],
      marks: null,
      outOf: 10,
      comment: "",
      annotations: [],
    },
    modelAnswer: { text: "Sarkaria and Punchhi Commissions; Article 163.", textHi: null },
    rating: null,
    followUp: null,
    ...overrides,
  };
}

function renderCopy(routes: Record<string, ApiRoute> = {}) {
  const stub = stubApi({
    [`GET /api/mentor/copies/${COPY}`]: () => jsonResponse(200, copyView()),
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: "/mentor/copies/:copyId", element: <EvaluateCopyPage /> },
      { path: "/mentor", element: <h1>Mentor desk</h1> },
    ],
    { path: `/mentor/copies/${COPY}`, session: mentorSession() },
  );
  return { ...stub, ...view };
}

/** jsdom loads no images: the page's photo "loads" at a portrait size. */
function loadPhoto(pageNumber: number) {
  const image = screen.getByRole("img", { name: `Page ${pageNumber} of the answer` });
  Object.defineProperty(image, "naturalWidth", { value: 1000, configurable: true });
  Object.defineProperty(image, "naturalHeight", { value: 1400, configurable: true });
  fireEvent.load(image);
}

/** A tap in the middle of page `pageNumber`'s annotation layer (500 × 700 px on screen). */
function tapPage(pageNumber: number) {
  const layer = screen.getByRole("application", { name: `Annotate page ${pageNumber}` });
  vi.spyOn(layer, "getBoundingClientRect").mockReturnValue({
    left: 0,
    top: 0,
    width: 500,
    height: 700,
    right: 500,
    bottom: 700,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  const at = { clientX: 250, clientY: 350, pointerId: 1, pointerType: "touch", button: 0 };
  fireEvent.pointerDown(layer, at);
  fireEvent.pointerUp(layer, at);
}

async function score(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("EvaluateCopyPage", () => {
  it("shows the question, the model answer folded, the claim, and a live total", async () => {
    renderCopy();
    expect(await screen.findByText(/role of the Governor/)).toBeVisible();
    expect(screen.getByText("All changes saved")).toBeVisible();
    expect(screen.getByText("Model answer").closest("details")).not.toHaveAttribute("open");
    expect(screen.getByRole("group", { name: "Claim and due date" })).toHaveTextContent(
      /Your claim expires/,
    );
    expect(screen.getByText("of 6")).toBeVisible();
    await score("Introduction", "1.5");
    await score("Body and content", "4");
    expect(screen.getByRole("status", { name: "Total" })).toHaveTextContent("5.5 / 10");
    await score("Conclusion", "2");
    expect(screen.getByRole("status", { name: "Total" })).toHaveTextContent("7.5 / 10");
  });

  it("refuses marks above a part's maximum without sending anything", async () => {
    const { requests } = renderCopy();
    await screen.findByText(/role of the Governor/);
    await score("Body and content", "7");
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Enter 0 to 6 marks, in steps of half a mark.")).toBeVisible();
    expect(screen.getByLabelText("Body and content")).toHaveAttribute("aria-invalid", "true");
    expect(requests.filter((r) => !r.startsWith("GET"))).toEqual([]);
  });

  it("saves the draft with one entry of annotations per page, the marks and the comment", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let saved: EvaluationDraft | undefined;
    renderCopy({
      [`PUT /api/mentor/copies/${COPY}/evaluation`]: ({ json }) => {
        saved = json() as EvaluationDraft;
        return jsonResponse(200, copyView());
      },
    });
    await screen.findByText(/role of the Governor/);
    loadPhoto(1);
    loadPhoto(2);
    const tools = screen.getByRole("group", { name: "Annotation tools" });
    await userEvent.click(within(tools).getByRole("button", { name: "Tick" }));
    tapPage(2);
    await userEvent.click(within(tools).getByRole("button", { name: "Cross" }));
    tapPage(2);
    await userEvent.click(within(tools).getByRole("button", { name: "Undo" }));
    await score("Introduction", "1.5");
    await userEvent.type(screen.getByLabelText("Overall comment"), "Good structure.");
    expect(screen.getByText("Unsaved changes")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(await screen.findByText("All changes saved")).toBeVisible();
    expect(saved).toEqual({
      annotations: [
        { strokes: [], notes: [], stamps: [] },
        { strokes: [], notes: [], stamps: [{ at: [0.5, 0.5], kind: "tick" }] },
      ],
      partMarks: [1.5, null, null],
      comment: "Good structure.",
    });
    expect(success).toHaveBeenCalledWith("Draft saved");
  });

  it("publishes only with every part scored, after confirming, and goes back to the desk", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let published: EvaluationDraft | undefined;
    const { requests } = renderCopy({
      [`POST /api/mentor/copies/${COPY}/publish`]: ({ json }) => {
        published = json() as EvaluationDraft;
        return jsonResponse(200, copyView({ stage: "evaluated" }));
      },
      "GET /api/mentor/desk": () => jsonResponse(200, { held: [], followUps: [], recent: [] }),
    });
    await screen.findByText(/role of the Governor/);
    await score("Introduction", "2");
    await userEvent.click(screen.getByRole("button", { name: "Publish evaluation" }));
    expect(error).toHaveBeenCalledWith("Score every part of the rubric.");
    expect(screen.getAllByText("Give marks for this part.")).toHaveLength(2);
    expect(screen.queryByRole("alertdialog")).toBeNull();

    await score("Body and content", "5.5");
    await score("Conclusion", "1");
    await userEvent.click(screen.getByRole("button", { name: "Publish evaluation" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Publish evaluation" });
    expect(published).toBeUndefined();
    await userEvent.click(within(dialog).getByRole("button", { name: "Publish" }));
    expect(await screen.findByRole("heading", { name: "Mentor desk" })).toBeVisible();
    expect(published).toEqual({
      annotations: [
        { strokes: [], notes: [], stamps: [] },
        { strokes: [], notes: [], stamps: [] },
      ],
      partMarks: [2, 5.5, 1],
      comment: "",
    });
    expect(success).toHaveBeenCalledWith(
      "Evaluation published",
      "The student has been told by email.",
    );
    expect(requests.filter((r) => r.startsWith("POST"))).toEqual([
      `POST /api/mentor/copies/${COPY}/publish`,
    ]);
  });

  it("shows an evaluated copy read-only, with its marks", async () => {
    renderCopy({
      [`GET /api/mentor/copies/${COPY}`]: () =>
        jsonResponse(
          200,
          copyView({
            stage: "evaluated",
            timeline: { ...copyView().timeline, evaluatedAt: "2026-11-21T10:00:00.000Z" },
            evaluation: {
              ...copyView().evaluation,
              rubric: [
                { name: "Introduction", weight: 20, max: 2, marks: 2 },
                { name: "Body and content", weight: 60, max: 6, marks: 5 },
                { name: "Conclusion", weight: 20, max: 2, marks: 1 },
              ],
              marks: 8,
              comment: "Well argued.",
            },
          }),
        ),
    });
    expect(await screen.findByText("Well argued.")).toBeVisible();
    expect(screen.getByText("8 / 10")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Save draft" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Annotation tools" })).toBeNull();
  });
});
