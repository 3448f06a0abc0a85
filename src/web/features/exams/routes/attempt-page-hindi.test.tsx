import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { beforeEach, describe, expect, it } from "vitest";
import { ExamAttemptPage } from "./attempt-page.tsx";

// The attempt in Hindi (decision 039): the start screen's rules, the runner's controls, the palette
// and the dialogs show no English control text; only the content (the exam's title, category and
// the questions an admin wrote) is left as written.

const TITLE = "UPSC Prelims Mock Test 1: GS Paper I";
const CATEGORY = "General Studies";
const hindiQuestion = (n: number) => ({
  questionText: `राज्यसभा के संबंध में प्रश्न ${n}:\n1. पहला कथन\n2. दूसरा कथन\nउपर्युक्त कथनों में से कौन-सा/से सही है/हैं?`,
  options: { A: "केवल 1", B: "केवल 2", C: "1 और 2 दोनों", D: "न तो 1 और न ही 2" },
});

const overview = {
  exam: {
    id: "e1",
    title: TITLE,
    description: null,
    categoryName: CATEGORY,
    timeLimitSeconds: 1800,
    passingMarks: 33,
    marksPerQuestion: 2,
    negativeMarkFraction: 0.3333,
    isFree: true,
  },
  questionCount: 2,
  access: { locked: false, reason: null, attemptsLeft: null },
  openAttempt: null,
};

const session = {
  attempt: {
    id: "a1",
    deadlineAt: new Date(Date.now() + 1_800_000).toISOString(),
    attemptNumber: null,
  },
  serverNow: new Date().toISOString(),
  exam: { id: "e1", title: TITLE },
  quiz: null,
  finalizedAttemptId: null,
  answers: [],
  questions: [1, 2].map((n) => ({
    id: `q${n}`,
    questionText: `Consider the following statements about question ${n}:\n1. First\n2. Second\nWhich of the statements given above is/are correct?`,
    options: { A: "1 only", B: "2 only", C: "Both 1 and 2", D: "Neither 1 nor 2" },
    translations: { hi: hindiQuestion(n) },
  })),
};

/** Every piece of English a reader sees or hears: text, and the names and labels of elements. */
function englishShown(root: HTMLElement, content: string[]): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    texts.push(node.textContent ?? "");
  for (const element of root.querySelectorAll("*")) {
    for (const name of ["aria-label", "title", "placeholder", "alt", "aria-description"]) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  return texts
    .map((text) => content.reduce((rest, written) => rest.replaceAll(written, ""), text))
    .filter((text) => /[A-Za-z]{2,}/.test(text));
}

beforeEach(() => {
  window.localStorage.clear();
});

describe("the exam attempt in Hindi", () => {
  it("shows the start screen, the runner, the palette and the dialogs with no English control text", async () => {
    await applyLanguage("hi");
    stubApi({
      "GET /api/exams/e1/overview": () => jsonResponse(200, overview),
      "POST /api/exams/e1/attempts": () => jsonResponse(200, session),
      "PUT /api/account/question-language": () => jsonResponse(200, { questionLanguage: "hi" }),
    });
    // The student reads questions in Hindi (the header's switch sets both languages).
    const signedIn = studentSession();
    if (signedIn?.profile) signedIn.profile.questionLanguage = "hi";
    const user = userEvent.setup();
    const { container } = renderRoutes(
      [
        { path: "/exam/:examId", element: <ExamAttemptPage /> },
        { path: "/student/exams", element: <p>सूची</p> },
      ],
      { path: "/exam/e1", session: signedIn },
    );

    // The start screen: the rules in Hindi, the exam's own words as written.
    const rules = await screen.findByRole("region", { name: "परीक्षा के नियम" });
    expect(within(rules).getByText("30 मिनट")).toBeVisible();
    expect(within(rules).getByText("ऋणात्मक अंकन")).toBeVisible();
    expect(within(rules).getByText("हर गलत उत्तर पर −0.67 (प्रश्न के अंकों का 33.33%)")).toBeVisible();
    expect(screen.getByRole("heading", { name: "शुरू करने से पहले" })).toBeVisible();
    expect(screen.getByRole("link", { name: "डैशबोर्ड पर वापस जाएँ" })).toBeVisible();
    expect(englishShown(container, [TITLE, CATEGORY])).toEqual([]);

    // The runner: the question in Hindi (its statements a list), every control in Hindi.
    await user.click(screen.getByRole("button", { name: "परीक्षा शुरू करें" }));
    expect(await screen.findByText("प्रश्न 1 / 2")).toBeVisible();
    const legend = screen.getByText("प्रश्न 1 / 2").closest("legend") as HTMLElement;
    expect(
      within(legend)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["पहला कथन", "दूसरा कथन"]);
    expect(screen.getByRole("timer")).toHaveAccessibleName("शेष समय");
    expect(screen.getByRole("button", { name: "समीक्षा के लिए चिह्नित करें" })).toBeVisible();
    expect(screen.getByRole("button", { name: "अगला" })).toBeVisible();
    expect(screen.getByRole("button", { name: "बाहर निकलें" })).toBeVisible();
    const palette = screen.getByRole("navigation", { name: "प्रश्न पैलेट" });
    expect(
      within(palette).getByRole("button", { name: "प्रश्न 1, उत्तर नहीं दिया गया" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId("answer-summary")).toHaveTextContent("0/2 उत्तर दिए · 0 चिह्नित");
    // The question switch names each language in its own script: "English" is the one word left.
    expect(englishShown(container, [TITLE, "English"])).toEqual([]);

    // The submit dialog.
    await user.click(screen.getByRole("button", { name: "समाप्त करें और जमा करें" }));
    const dialog = await screen.findByRole("dialog", { name: "परीक्षा जमा करें?" });
    expect(
      within(dialog).getByText(
        "2 प्रश्नों के उत्तर नहीं दिए गए हैं। बिना उत्तर वाले प्रश्नों पर कोई अंक नहीं मिलता।",
      ),
    ).toBeVisible();
    expect(englishShown(dialog, [])).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "जारी रखें" }));

    // Exit asks first, in Hindi too.
    await user.click(screen.getByRole("button", { name: "बाहर निकलें" }));
    const leave = await screen.findByRole("dialog", { name: "परीक्षा छोड़ें?" });
    expect(within(leave).getByRole("button", { name: "यहीं रहें" })).toHaveFocus();
    expect(englishShown(leave, [])).toEqual([]);
  });
});

describe("reopening a submitted exam", () => {
  it("says when it was submitted, with what score, and links to its review", async () => {
    stubApi({
      "GET /api/exams/e1/overview": () =>
        jsonResponse(200, {
          ...overview,
          lastCompletedAttempt: {
            id: "a9",
            score: 45.5,
            completedAt: "2026-11-20T06:00:00.000Z",
            attemptNumber: null,
          },
        }),
    });
    renderRoutes([{ path: "/exam/:examId", element: <ExamAttemptPage /> }], {
      path: "/exam/e1",
      session: studentSession(),
    });
    expect(
      await screen.findByText("You submitted this exam on 20 Nov 2026 with 45.50%."),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Review" })).toHaveAttribute("href", "/results/a9");
    expect(screen.getByRole("button", { name: "Start Exam" })).toBeVisible();
  });

  it("says nothing of the kind before the first submission", async () => {
    stubApi({
      "GET /api/exams/e1/overview": () =>
        jsonResponse(200, { ...overview, lastCompletedAttempt: null }),
    });
    renderRoutes([{ path: "/exam/:examId", element: <ExamAttemptPage /> }], {
      path: "/exam/e1",
      session: studentSession(),
    });
    expect(await screen.findByRole("button", { name: "Start Exam" })).toBeVisible();
    expect(screen.queryByText(/You submitted this exam/)).not.toBeInTheDocument();
  });
});
