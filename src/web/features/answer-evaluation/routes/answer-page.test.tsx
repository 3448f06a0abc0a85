import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "@web/lib/api.ts";
import { applyLanguage } from "@web/lib/i18n.ts";
import { type UploadOptions, uploadWithProgress } from "@web/lib/upload-with-progress.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnswerCopy, AnswerPageData } from "../api/answer-evaluation.ts";
import { AnswerPage } from "./answer-page.tsx";

// The upload goes through XMLHttpRequest (for its progress): replaced, and driven by each test.
vi.mock("@web/lib/upload-with-progress.ts", () => ({ uploadWithProgress: vi.fn() }));
const mockedUpload = vi.mocked(uploadWithProgress);
// pdf.js cannot draw in jsdom (and its worker is no module here): these copies are photos.
vi.mock("@web/lib/pdf-document.ts", () => ({ openPdf: vi.fn() }));
afterEach(() => mockedUpload.mockReset());

const QID = "11111111-1111-4111-8111-111111111111";
const COPY = "22222222-2222-4222-8222-222222222222";
const F1 = "33333333-3333-4333-8333-333333333331";
const F2 = "33333333-3333-4333-8333-333333333332";
const PATH = `/student/answer-evaluation/${QID}`;

const QUESTION: AnswerPageData["question"] = {
  id: QID,
  paper: "gs2",
  subjectName: "Polity",
  topicName: "Federalism",
  questionText: "Discuss the working of cooperative federalism in India.",
  questionTextHi: "भारत में सहकारी संघवाद की कार्यप्रणाली की चर्चा कीजिए।",
  directive: "Discuss",
  wordLimit: 150,
  marks: 10,
  publishDate: "2026-05-02",
  myCopy: null,
};

const fileUrl = (id: string) => `/api/answer-copies/files/${id}`;

function copyOf(extra: Partial<AnswerCopy> = {}): AnswerCopy {
  const { myCopy: _, ...question } = QUESTION;
  return {
    id: COPY,
    question,
    stage: "submitted",
    format: "images",
    typedAnswer: null,
    wordCount: null,
    pageCount: 2,
    files: [F2, F1].map((id) => ({
      id,
      url: fileUrl(id),
      contentType: "image/jpeg",
      bytes: 1000,
      pdfPages: null,
      rotation: 0,
    })),
    pages: [F2, F1].map((id, i) => ({
      fileId: id,
      url: fileUrl(id),
      contentType: "image/jpeg",
      pdfPage: null,
      rotation: i === 0 ? 90 : 0,
    })),
    timeline: {
      submittedAt: "2026-05-02T04:30:00.000Z",
      dueAt: "2026-05-05T04:30:00.000Z",
      claimedAt: null,
      evaluatedAt: null,
    },
    mentorName: null,
    claim: null,
    evaluation: null,
    modelAnswer: null,
    rating: null,
    followUp: null,
    ...extra,
  };
}

const EVALUATED = copyOf({
  stage: "evaluated",
  timeline: {
    submittedAt: "2026-05-02T04:30:00.000Z",
    dueAt: "2026-05-05T04:30:00.000Z",
    claimedAt: "2026-05-03T04:30:00.000Z",
    evaluatedAt: "2026-05-04T04:30:00.000Z",
  },
  mentorName: "Meera Iyer",
  evaluation: {
    rubric: [
      { name: "Introduction", weight: 10, max: 1, marks: 1 },
      { name: "Body and content", weight: 40, max: 4, marks: 3 },
      { name: "Structure", weight: 15, max: 1.5, marks: 1.5 },
      { name: "Examples and data", weight: 15, max: 1.5, marks: 1 },
      { name: "Conclusion", weight: 10, max: 1, marks: 1 },
      { name: "Presentation", weight: 10, max: 1, marks: 0.5 },
    ],
    marks: 8,
    outOf: 10,
    comment: "Good structure; add the Punchhi Commission.",
    annotations: [
      { strokes: [], stamps: [{ at: [0.2, 0.2], kind: "tick" }], notes: [] },
      { strokes: [], stamps: [], notes: [{ at: [0.5, 0.5], text: "Cite Article 263." }] },
    ],
  },
  modelAnswer: {
    text: "Cooperative federalism rests on shared institutions.",
    textHi: "सहकारी संघवाद साझा संस्थाओं पर टिका है।",
  },
});

const ALLOWANCE = { used: 0, limit: 2, hasPlan: false };

function pageAnswer(copy: AnswerCopy | null, allowance = ALLOWANCE): AnswerPageData {
  return { question: QUESTION, copy, allowance };
}

/**
 * The page on a stub server. The question's answer is `data` until a route given here answers
 * with a copy (a submission, a rating): from then on it holds that copy, as the server would.
 */
function renderAnswerPage(data: AnswerPageData, routes: Record<string, ApiRoute> = {}) {
  let current = data;
  const keeping = Object.fromEntries(
    Object.entries(routes).map(([key, route]): [string, ApiRoute] => [
      key,
      async (request) => {
        const response = await route(request);
        if (response.ok && key.startsWith("POST")) {
          const copy = (await response.clone().json()) as AnswerCopy;
          current = {
            ...current,
            copy,
            allowance: key.endsWith("/submit")
              ? { ...current.allowance, used: current.allowance.used + 1 }
              : current.allowance,
          };
        }
        return response;
      },
    ]),
  );
  const stub = stubApi({
    [`GET /api/answer-evaluation/questions/${QID}`]: () => jsonResponse(200, current),
    ...keeping,
  });
  const view = renderRoutes(
    [{ path: "/student/answer-evaluation/:questionId", element: <AnswerPage /> }],
    { path: PATH, session: studentSession() },
  );
  return { ...stub, ...view };
}

/** An upload the test finishes: its progress, then the server's answer or a failure. */
type PendingUpload = {
  options: UploadOptions;
  resolve: (fileId: string) => void;
  reject: (error: unknown) => void;
};

function driveUploads() {
  const pending: PendingUpload[] = [];
  mockedUpload.mockImplementation(
    (options) =>
      new Promise((resolve, reject) => {
        pending.push({
          options,
          resolve: (fileId) =>
            resolve({
              copyId: COPY,
              file: { id: fileId, contentType: "image/jpeg", bytes: 1000, pdfPages: null },
            }),
          reject,
        });
      }),
  );
  return pending;
}

const photo = (name: string) => new File(["jpeg bytes"], name, { type: "image/jpeg" });
const pageItems = () =>
  within(screen.getByRole("list", { name: "Answer pages" })).getAllByRole("listitem");

describe("Answer page: writing and submitting", () => {
  it("uploads photos one at a time with progress and a retry, then submits them in the order and turns chosen", async () => {
    const user = userEvent.setup();
    const pending = driveUploads();
    let submitted: unknown = null;
    renderAnswerPage(pageAnswer(null), {
      [`POST /api/answer-evaluation/questions/${QID}/submit`]: ({ json }) => {
        submitted = json();
        return jsonResponse(201, copyOf({ files: [], pages: [] }));
      },
    });

    expect(
      await screen.findByText("Discuss the working of cooperative federalism in India."),
    ).toBeVisible();
    expect(screen.getByText("2 of 2 evaluations left this period")).toBeVisible();
    const camera = screen.getByLabelText("Take a photo");
    expect(camera).toHaveAttribute("capture", "environment");
    const picker = screen.getByLabelText("Upload photos or a PDF");
    expect(picker).toHaveAttribute("accept", "image/*,application/pdf");
    expect(picker).toHaveAttribute("multiple");

    await user.upload(picker, [photo("page-1.jpg"), photo("page-2.jpg")]);
    // One at a time: the second waits for the first.
    await waitFor(() => expect(mockedUpload).toHaveBeenCalledTimes(1));
    expect(pending[0]?.options.url).toBe(`/api/answer-evaluation/questions/${QID}/files`);
    expect((pending[0]!.options.file as File).name).toBe("page-1.jpg");
    act(() => pending[0]?.options.onProgress?.(0.5));
    const [first, second] = pageItems() as [HTMLElement, HTMLElement];
    expect(
      within(first).getByRole("progressbar", { name: "Page 1 upload progress" }),
    ).toHaveAttribute("aria-valuenow", "50");
    expect(within(first).getByText("Uploading 50%")).toBeVisible();
    expect(within(second).getByText("Uploading 0%")).toBeVisible();

    // The first fails, the second goes up, then the first again on Retry.
    await act(async () =>
      pending[0]?.reject(new ApiError(0, "NETWORK", "You appear to be offline.")),
    );
    await waitFor(() => expect(mockedUpload).toHaveBeenCalledTimes(2));
    expect(within(pageItems()[0]!).getByText("Upload failed")).toBeVisible();
    expect(within(pageItems()[0]!).getByText("You appear to be offline.")).toBeVisible();
    await act(async () => pending[1]?.resolve(F2));
    expect(within(pageItems()[1]!).getByText("Uploaded")).toBeVisible();

    // Submitting now is refused in the page: a page has not uploaded.
    await user.click(screen.getByRole("button", { name: "Submit for evaluation" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Retry or remove the pages that did not upload.",
    );
    expect(submitted).toBeNull();

    await user.click(screen.getByRole("button", { name: "Retry page 1" }));
    await waitFor(() => expect(mockedUpload).toHaveBeenCalledTimes(3));
    expect((pending[2]!.options.file as File).name).toBe("page-1.jpg");
    await act(async () => pending[2]?.resolve(F1));
    expect(within(pageItems()[0]!).getByText("Uploaded")).toBeVisible();

    // Page 2 goes first and is turned a quarter.
    await user.click(screen.getByRole("button", { name: "Move page 2 up" }));
    await user.click(screen.getByRole("button", { name: "Rotate page 1" }));
    await user.click(screen.getByRole("button", { name: "Submit for evaluation" }));
    await waitFor(() =>
      expect(submitted).toEqual({
        pages: [
          { id: F2, rotation: 90 },
          { id: F1, rotation: 0 },
        ],
        typedAnswer: "",
      }),
    );

    // The status timeline replaces the form.
    const status = await screen.findByRole("region", { name: "Status" });
    const steps = within(status).getAllByRole("listitem");
    expect(steps.map((s) => s.getAttribute("aria-current"))).toEqual(["step", null, null]);
    expect(steps[0]).toHaveTextContent("Submitted");
    expect(within(status).getByText(/^Evaluation due by 5 May 2026/)).toBeVisible();
    expect(screen.queryByRole("button", { name: "Submit for evaluation" })).toBeNull();
  });

  it("shows a draft's uploaded pages again after a reload, and deletes a page removed", async () => {
    const user = userEvent.setup();
    const draft = copyOf({ stage: "draft", pages: [], pageCount: 0 });
    const { requests } = renderAnswerPage(pageAnswer(draft), {
      [`DELETE /api/answer-evaluation/files/${F2}`]: () => jsonResponse(200, { removed: F2 }),
    });
    await screen.findByRole("list", { name: "Answer pages" });
    const items = pageItems();
    expect(items).toHaveLength(2);
    for (const item of items) expect(within(item).getByText("Uploaded")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Remove page 1" }));
    expect(pageItems()).toHaveLength(1);
    await waitFor(() => expect(requests).toContain(`DELETE /api/answer-evaluation/files/${F2}`));
    expect(mockedUpload).not.toHaveBeenCalled();
  });

  it("types an answer with a live word count and submits it", async () => {
    const user = userEvent.setup();
    let submitted: unknown = null;
    renderAnswerPage(pageAnswer(null), {
      [`POST /api/answer-evaluation/questions/${QID}/submit`]: ({ json }) => {
        submitted = json();
        return jsonResponse(
          201,
          copyOf({
            format: "typed",
            typedAnswer: "Federalism in India is cooperative.",
            wordCount: 5,
            files: [],
            pages: [],
          }),
        );
      },
    });
    await user.click(await screen.findByRole("radio", { name: "Typed answer" }));
    const box = screen.getByLabelText("Type your answer");
    expect(screen.getByText("0 of 150 words")).toBeVisible();
    await user.type(box, "Federalism in India is cooperative.");
    expect(screen.getByText("5 of 150 words")).toBeVisible();
    expect(box).toHaveAccessibleDescription("5 of 150 words");
    await user.click(screen.getByRole("button", { name: "Submit for evaluation" }));
    await waitFor(() =>
      expect(submitted).toEqual({ pages: [], typedAnswer: "Federalism in India is cooperative." }),
    );
    const answer = await screen.findByRole("region", { name: "Your answer" });
    expect(answer).toHaveTextContent("Federalism in India is cooperative.");
    expect(answer).toHaveTextContent("5 words");
  });

  it("says when the evaluations are used up, with the way to the plans", async () => {
    const user = userEvent.setup();
    renderAnswerPage(pageAnswer(null, { used: 2, limit: 2, hasPlan: false }), {
      [`POST /api/answer-evaluation/questions/${QID}/submit`]: () =>
        jsonResponse(403, {
          error: {
            code: "FORBIDDEN",
            message:
              "You have used all your answer evaluations for this period. Upgrade your plan for more.",
            details: { reason: "EVALUATION_LIMIT_REACHED", plansUrl: "/student/subscriptions" },
          },
        }),
    });
    expect(await screen.findByText("0 of 2 evaluations left this period")).toBeVisible();
    await user.click(screen.getByRole("radio", { name: "Typed answer" }));
    await user.type(screen.getByLabelText("Type your answer"), "An answer.");
    await user.click(screen.getByRole("button", { name: "Submit for evaluation" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "You have used all your answer evaluations for this period. Upgrade your plan for more.",
    );
    expect(within(alert).getByRole("link", { name: "View Plans" })).toHaveAttribute(
      "href",
      "/student/subscriptions",
    );
    // Still the form: nothing was submitted.
    expect(screen.getByLabelText("Type your answer")).toHaveValue("An answer.");
  });
});

describe("Answer page: following and reading the evaluation", () => {
  it("marks the step under way and the promised date while a mentor evaluates", async () => {
    renderAnswerPage(
      pageAnswer(
        copyOf({
          stage: "in_evaluation",
          mentorName: "Meera Iyer",
          timeline: {
            submittedAt: "2026-05-02T04:30:00.000Z",
            dueAt: "2026-05-05T04:30:00.000Z",
            claimedAt: "2026-05-03T04:30:00.000Z",
            evaluatedAt: null,
          },
        }),
      ),
    );
    const status = await screen.findByRole("region", { name: "Status" });
    const steps = within(status).getAllByRole("listitem");
    expect(steps.map((s) => s.getAttribute("aria-current"))).toEqual([null, "step", null]);
    expect(steps[1]).toHaveTextContent(/In evaluation3 May 2026/);
    expect(within(status).getByText("Meera Iyer is evaluating your answer.")).toBeVisible();
    expect(within(status).getByText(/^Evaluation due by/)).toBeVisible();
    // The pages as sent, not yet marked; no marks.
    expect(screen.getByRole("img", { name: "Page 1 of the answer" })).toHaveAttribute(
      "src",
      fileUrl(F2),
    );
    expect(screen.queryByRole("region", { name: "Your marks" })).toBeNull();
  });

  it("shows the marked pages, the rubric, the marks, the comment and the model answer; rates once and asks a follow-up", async () => {
    const user = userEvent.setup();
    let rated: unknown = null;
    let asked: unknown = null;
    renderAnswerPage(pageAnswer(EVALUATED), {
      [`POST /api/answer-evaluation/copies/${COPY}/rating`]: ({ json }) => {
        rated = json();
        return jsonResponse(200, { ...EVALUATED, rating: 4 });
      },
      [`POST /api/answer-evaluation/copies/${COPY}/follow-up`]: ({ json }) => {
        asked = json();
        return jsonResponse(200, {
          ...EVALUATED,
          rating: 4,
          followUp: {
            question: "Should I cite the Sarkaria Commission too?",
            askedAt: "2026-05-04T06:00:00.000Z",
            answer: null,
            answeredAt: null,
          },
        });
      },
    });

    const status = await screen.findByRole("region", { name: "Status" });
    expect(
      within(status)
        .getAllByRole("listitem")
        .map((s) => s.getAttribute("aria-current")),
    ).toEqual([null, null, "step"]);
    expect(within(status).queryByText(/Evaluation due by/)).toBeNull();

    const marks = screen.getByRole("region", { name: "Your marks" });
    expect(marks).toHaveTextContent("Overall: 8 / 10");
    expect(marks).toHaveTextContent("Evaluated by Meera Iyer");
    const rows = within(within(marks).getByRole("table")).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "PartMarks",
      "Introduction1 / 1",
      "Body and content3 / 4",
      "Structure1.5 / 1.5",
      "Examples and data1 / 1.5",
      "Conclusion1 / 1",
      "Presentation0.5 / 1",
      "Total8 / 10",
    ]);
    expect(screen.getByRole("region", { name: "Mentor's comment" })).toHaveTextContent(
      "Good structure; add the Punchhi Commission.",
    );
    expect(screen.getByRole("region", { name: "Model answer" })).toHaveTextContent(
      "Cooperative federalism rests on shared institutions.",
    );

    // Each page in the student's order and turn, with that page's annotations.
    const pages = screen.getByRole("region", { name: "Your marked answer" });
    const first = within(pages).getByRole("img", { name: "Page 1 of the answer" });
    expect(first).toHaveAttribute("src", fileUrl(F2));
    expect(first.getAttribute("style")).toContain("rotate(90deg)");
    expect(within(pages).getByRole("img", { name: "Page 2 of the answer" })).toHaveAttribute(
      "src",
      fileUrl(F1),
    );
    expect(within(pages).getByRole("region", { name: "Comments on page 1" })).toHaveTextContent(
      "Ticks: 1, crosses: 0, pen marks: 0.",
    );
    expect(within(pages).getByRole("region", { name: "Comments on page 2" })).toHaveTextContent(
      "Cite Article 263.",
    );

    // Rate once.
    const feedback = screen.getByRole("region", { name: "Your feedback" });
    const send = within(feedback).getByRole("button", { name: "Send rating" });
    expect(send).toBeDisabled();
    await user.click(within(feedback).getByRole("radio", { name: "4 out of 5" }));
    await user.click(send);
    expect(await within(feedback).findByText("You rated this feedback 4 out of 5.")).toBeVisible();
    expect(rated).toEqual({ rating: 4 });
    expect(within(feedback).queryByRole("radio")).toBeNull();

    // One follow-up question.
    await user.type(
      within(feedback).getByLabelText("Ask a follow-up question"),
      "Should I cite the Sarkaria Commission too?",
    );
    await user.click(within(feedback).getByRole("button", { name: "Send question" }));
    expect(
      await within(feedback).findByText(
        "Your mentor has not answered yet. The answer will appear here.",
      ),
    ).toBeVisible();
    expect(asked).toEqual({ question: "Should I cite the Sarkaria Commission too?" });
    expect(within(feedback).queryByLabelText("Ask a follow-up question")).toBeNull();
  });

  it("shows the mentor's answer to the follow-up, and the model answer in Hindi to a Hindi reader", async () => {
    await applyLanguage("hi");
    renderAnswerPage(
      pageAnswer({
        ...EVALUATED,
        rating: 5,
        followUp: {
          question: "Should I cite the Sarkaria Commission too?",
          askedAt: "2026-05-04T06:00:00.000Z",
          answer: "Yes, in one line.",
          answeredAt: "2026-05-04T08:00:00.000Z",
        },
      }),
    );
    const model = await screen.findByRole("region", { name: "आदर्श उत्तर" });
    const text = within(model).getByText("सहकारी संघवाद साझा संस्थाओं पर टिका है।");
    expect(text).toHaveAttribute("lang", "hi");
    expect(screen.getByText("भारत में सहकारी संघवाद की कार्यप्रणाली की चर्चा कीजिए।")).toHaveAttribute(
      "lang",
      "hi",
    );
    const feedback = screen.getByRole("region", { name: "आपकी प्रतिक्रिया" });
    expect(within(feedback).getByText("Yes, in one line.")).toHaveAttribute("lang", "en");
    expect(within(feedback).getByText("आपने इस प्रतिक्रिया को 5 में से 5 रेटिंग दी।")).toBeVisible();
  });
});
