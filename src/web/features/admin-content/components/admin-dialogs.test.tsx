import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi, stubFetch } from "@web/test/network.ts";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EXAM_MESSAGES } from "../../../../shared/exams.ts";
import { ExamDialog } from "./exam-dialog.tsx";
import { QuestionDialog } from "./question-dialog.tsx";
import { QuizDialog } from "./quiz-dialog.tsx";

const CATEGORY = { id: "8a7e2c1e-0000-4000-8000-000000000001", name: "Polity" };
const EXAM = { id: "8a7e2c1e-0000-4000-8000-000000000002", title: "Polity Mock 1" };

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ExamDialog", () => {
  it("marks the invalid fields, focuses the first and still shows the spec's toast", async () => {
    const toast = vi.spyOn(notify, "error").mockImplementation(() => "");
    const fetchSpy = stubFetch();
    render(wrap(<ExamDialog open onOpenChange={() => {}} exam={null} categories={[CATEGORY]} />));
    await userEvent.clear(screen.getByLabelText("Time limit (minutes)"));
    await userEvent.click(screen.getByRole("button", { name: "Create Exam" }));

    expect(toast).toHaveBeenCalledWith("Validation Error", EXAM_MESSAGES.validation);
    const title = screen.getByLabelText("Title");
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveAccessibleDescription("Enter a title.");
    expect(screen.getByLabelText("Category")).toHaveAccessibleDescription("Choose a category.");
    expect(screen.getByLabelText("Time limit (minutes)")).toHaveAccessibleDescription(
      "Enter a time limit of at least 1 minute (24 hours at most).",
    );
    expect(screen.getByLabelText("Passing marks (%)")).not.toHaveAttribute("aria-invalid");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("asks for the year of a previous-year paper next to the year field", async () => {
    vi.spyOn(notify, "error").mockImplementation(() => "");
    render(wrap(<ExamDialog open onOpenChange={() => {}} exam={null} categories={[CATEGORY]} />));
    await userEvent.type(screen.getByLabelText("Title"), "Prelims 2024");
    await userEvent.selectOptions(screen.getByLabelText("Category"), CATEGORY.id);
    await userEvent.selectOptions(screen.getByLabelText("Type"), "pyp");
    await userEvent.click(screen.getByRole("button", { name: "Create Exam" }));
    const year = screen.getByLabelText("Year");
    expect(year).toHaveFocus();
    expect(year).toHaveAccessibleDescription("A previous-year paper needs its year.");
  });
});

describe("QuestionDialog", () => {
  it("marks each missing field, focuses the first and shows the spec's toast", async () => {
    const toast = vi.spyOn(notify, "error").mockImplementation(() => "");
    render(
      wrap(
        <QuestionDialog
          open
          onOpenChange={() => {}}
          question={null}
          exams={[EXAM]}
          quizzes={[]}
          defaultTarget={`exam:${EXAM.id}`}
        />,
      ),
    );
    await userEvent.type(screen.getByLabelText("Question Text"), "Who appoints the CAG?");
    await userEvent.type(screen.getByLabelText("Option A"), "The President");
    await userEvent.click(screen.getByRole("button", { name: "Add Question" }));

    expect(toast).toHaveBeenCalledWith("Validation Error", EXAM_MESSAGES.questionValidation);
    expect(screen.getByLabelText("Option B")).toHaveFocus();
    expect(screen.getByLabelText("Option B")).toHaveAccessibleDescription("Enter option B.");
    expect(screen.getByLabelText("Option D")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Option A")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Correct Answer")).toHaveAccessibleDescription(
      "Choose the correct answer.",
    );
  });

  it("offers the chosen subject's topics only, and sends the tags with the question", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    const polity = "8a7e2c1e-0000-4000-8000-0000000000a1";
    const history = "8a7e2c1e-0000-4000-8000-0000000000a2";
    const parliament = "8a7e2c1e-0000-4000-8000-0000000000b1";
    const sent: unknown[] = [];
    stubFetch(async (input, init) => {
      if (String(input).endsWith("/api/subjects")) {
        return jsonResponse(200, [
          { id: polity, name: "Polity", topics: [{ id: parliament, name: "Parliament" }] },
          { id: history, name: "History", topics: [] },
        ]);
      }
      sent.push(JSON.parse(String(init?.body)));
      return jsonResponse(201, { id: "q" });
    });
    render(
      wrap(
        <QuestionDialog
          open
          onOpenChange={() => {}}
          question={null}
          exams={[EXAM]}
          quizzes={[]}
          defaultTarget={`exam:${EXAM.id}`}
        />,
      ),
    );
    await userEvent.type(
      screen.getByLabelText("Question Text"),
      "Who presides over the Lok Sabha?",
    );
    for (const key of ["A", "B", "C", "D"]) {
      await userEvent.type(screen.getByLabelText(`Option ${key}`), `Choice ${key}`);
    }
    await userEvent.selectOptions(screen.getByLabelText("Correct Answer"), "A");
    const topic = screen.getByLabelText("Topic (optional)");
    expect(topic).toBeDisabled();
    await userEvent.selectOptions(await screen.findByLabelText("Subject (optional)"), history);
    await userEvent.selectOptions(screen.getByLabelText("Subject (optional)"), polity);
    await userEvent.selectOptions(topic, parliament);
    // Another subject: the topic of the first is cleared.
    await userEvent.selectOptions(screen.getByLabelText("Subject (optional)"), history);
    expect(topic).toHaveValue("");
    await userEvent.selectOptions(screen.getByLabelText("Subject (optional)"), polity);
    await userEvent.selectOptions(topic, parliament);
    await userEvent.selectOptions(screen.getByLabelText("Difficulty (optional)"), "hard");
    await userEvent.type(screen.getByLabelText("Previous-year paper's year (optional)"), "19");
    await userEvent.click(screen.getByRole("button", { name: "Add Question" }));
    expect(
      screen.getByLabelText("Previous-year paper's year (optional)"),
    ).toHaveAccessibleDescription("Year must be between 1950 and 2100.");
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText("Previous-year paper's year (optional)"), "98");
    await userEvent.click(screen.getByRole("button", { name: "Add Question" }));
    await vi.waitFor(() => expect(success).toHaveBeenCalled());
    expect(sent).toEqual([
      expect.objectContaining({
        subjectId: polity,
        topicId: parliament,
        difficulty: "hard",
        pyqYear: 1998,
      }),
    ]);
  });
});

describe("QuizDialog's Hindi title", () => {
  const QUIZ = {
    id: "8a7e2c1e-0000-4000-8000-000000000003",
    title: "Union Budget 2026",
    titleHi: "केंद्रीय बजट 2026",
    isFree: true,
    pdfUrl: null,
    pdfHasNoAnswers: false,
    durationMinutes: 10,
    totalMarks: null,
    difficulty: "Medium" as const,
    publishedOn: "2026-02-01",
    createdAt: "2026-01-30T00:00:00.000Z",
    attemptCount: 0,
    numQuestions: 0,
    languages: ["English"],
  };

  function stubSave() {
    const sent: { request: string; body: Record<string, unknown> }[] = [];
    const save: ApiRoute = ({ url, init, json }) => {
      const body = json() as Record<string, unknown>;
      sent.push({ request: `${init?.method} ${url.pathname}`, body });
      return jsonResponse(200, { ...QUIZ, ...body });
    };
    stubApi({ "POST /api/admin/quizzes": save, [`PUT /api/admin/quizzes/${QUIZ.id}`]: save });
    return sent;
  }

  it("sends the Hindi title typed in its own field, marked lang=hi", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    const sent = stubSave();
    render(wrap(<QuizDialog open onOpenChange={() => {}} quiz={null} />));
    await userEvent.type(screen.getByLabelText("Title"), QUIZ.title);
    const hindi = screen.getByLabelText("Title (Hindi, optional)");
    expect(hindi).toHaveAttribute("lang", "hi");
    await userEvent.type(hindi, QUIZ.titleHi);
    await userEvent.click(screen.getByRole("button", { name: "Create Quiz" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      request: "POST /api/admin/quizzes",
      body: { title: QUIZ.title, titleHi: QUIZ.titleHi },
    });
  });

  it("shows a quiz's Hindi title for editing, and sends null once it is cleared", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    const sent = stubSave();
    render(wrap(<QuizDialog open onOpenChange={() => {}} quiz={QUIZ} />));
    const hindi = screen.getByLabelText("Title (Hindi, optional)");
    expect(hindi).toHaveValue(QUIZ.titleHi);
    await userEvent.clear(hindi);
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      request: `PUT /api/admin/quizzes/${QUIZ.id}`,
      body: { title: QUIZ.title, titleHi: null },
    });
  });
});
