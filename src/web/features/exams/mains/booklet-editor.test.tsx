import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import type { Booklet } from "../api/mains-booklet.ts";
import { BookletEditor } from "./booklet-editor.tsx";
import type { PaperQuestion } from "./question-paper.tsx";

const ATTEMPT = "a0000000-0000-4000-8000-000000000000";
const FILES = ["f1000000-0000-4000-8000-000000000000", "f2000000-0000-4000-8000-000000000000"];

const paper: PaperQuestion[] = [1, 2, 3, 4].map((n) => ({
  id: `${n}0000000-0000-4000-8000-00000000000${n}`,
  position: n,
  section: n <= 2 ? 1 : 2,
  marks: 125,
  wordLimit: null,
  questionText: `Essay topic ${n}`,
  questionTextHi: null,
  directive: null,
}));

const booklet: Booklet = {
  attemptId: ATTEMPT,
  testId: "c0000000-0000-4000-8000-000000000000",
  bookletId: "b0000000-0000-4000-8000-000000000000",
  status: "writing",
  format: "images",
  pageCount: 2,
  submittedAt: null,
  dueAt: null,
  files: FILES.map((id, i) => ({
    id,
    url: `/api/mains-tests/booklet-files/${id}`,
    contentType: "image/jpeg",
    bytes: 1000,
    pdfPages: null,
    rotation: 0,
    position: i + 1,
  })),
  answers: [],
  deadlineAt: "2099-01-01T00:00:00.000Z",
  serverNow: "2098-12-31T23:00:00.000Z",
};

describe("the booklet's page map (decision 063)", () => {
  it("holds the Essay rule before asking, then submits the pages in order with where each answer starts", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const stub = stubApi({
      [`PUT /api/mains-tests/attempts/${ATTEMPT}/booklet`]: () => jsonResponse(200, booklet),
      [`POST /api/mains-tests/attempts/${ATTEMPT}/booklet/submit`]: ({ json }) => {
        sent.push(json());
        return jsonResponse(200, {
          ...booklet,
          status: "submitted",
          dueAt: "2099-01-06T00:00:00.000Z",
        });
      },
    });
    renderPage(
      <BookletEditor
        attemptId={ATTEMPT}
        booklet={booklet}
        paper={paper}
        sectionChoose={[1, 1]}
        deadlineAt={booklet.deadlineAt}
        offsetMs={0}
      />,
    );
    const start = (n: number) => screen.getByLabelText(`Question ${n} starts on`);
    // Only the booklet's two pages are offered.
    expect(
      within(start(1))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Not answered", "Page 1", "Page 2"]);
    await user.selectOptions(start(1), "1");
    await user.selectOptions(start(2), "2");
    await user.click(screen.getByRole("button", { name: "Submit booklet" }));
    expect(await screen.findByText("Answer at most 1 question in section 1.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.selectOptions(start(2), "");
    await user.selectOptions(start(3), "2");
    await user.click(screen.getByRole("button", { name: "Submit booklet" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Submit booklet" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      files: FILES.map((id) => ({ id, rotation: 0 })),
      answers: [
        { testQuestionId: paper[0]?.id, startPage: 1, typedText: null },
        { testQuestionId: paper[1]?.id, startPage: null, typedText: null },
        { testQuestionId: paper[2]?.id, startPage: 2, typedText: null },
        { testQuestionId: paper[3]?.id, startPage: null, typedText: null },
      ],
    });
    expect(stub.requests.filter((r) => r.startsWith("POST"))).toHaveLength(1);
  });
});
