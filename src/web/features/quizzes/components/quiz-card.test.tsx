import { render, screen } from "@testing-library/react";
import { applyLanguage } from "@web/lib/i18n.ts";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { QuizCardData } from "../api/quizzes.ts";
import { QuizCard } from "./quiz-card.tsx";

const QUIZ: QuizCardData = {
  id: "8a7e2c1e-0000-4000-8000-000000000010",
  title: "Budget Basics",
  titleHi: null,
  isFree: true,
  pdfUrl: null,
  pdfAfterAttempt: false,
  durationMinutes: 10,
  totalMarks: null,
  maxMarks: 100,
  difficulty: "Medium",
  publishedOn: "2026-11-20",
  numQuestions: 5,
  languages: ["English"],
  access: { locked: false, reason: null, attemptsLeft: null },
  attempts: { total: 0, last7Days: 0 },
  isSaved: false,
  hasOpenAttempt: false,
  latestAttempt: null,
  rank: null,
};

function renderCard(quiz: Partial<QuizCardData>) {
  render(
    <MemoryRouter>
      <QuizCard
        quiz={{ ...QUIZ, ...quiz }}
        onToggleSave={() => {}}
        onShare={() => {}}
        isSaving={false}
      />
    </MemoryRouter>,
  );
}

describe("QuizCard's PDF", () => {
  it("says the PDF comes after finishing when it may hold answers", () => {
    renderCard({ pdfAfterAttempt: true });
    expect(screen.getByText("PDF after you finish")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "PDF" })).toBeNull();
  });

  it("links the PDF once the student may open it", () => {
    renderCard({ pdfUrl: `/api/quizzes/${QUIZ.id}/pdf` });
    expect(screen.getByRole("link", { name: "PDF" }).getAttribute("href")).toBe(
      `/api/quizzes/${QUIZ.id}/pdf`,
    );
    expect(screen.queryByText("PDF after you finish")).toBeNull();
  });

  it("shows nothing about a PDF the quiz does not have", () => {
    renderCard({});
    expect(screen.queryByText(/PDF/)).toBeNull();
  });
});

describe("QuizCard's title", () => {
  const titleHi = "बजट की मूल बातें";

  it("is the Hindi title, marked lang=hi, in a Hindi interface", async () => {
    await applyLanguage("hi");
    renderCard({ titleHi });
    expect(screen.getByRole("heading", { name: titleHi })).toHaveAttribute("lang", "hi");
    expect(screen.getByRole("article", { name: titleHi })).toBeInTheDocument();
    expect(screen.queryByText(QUIZ.title)).toBeNull();
  });

  it("is the English title, marked lang=en, in Hindi where the quiz has no Hindi title", async () => {
    await applyLanguage("hi");
    renderCard({});
    expect(screen.getByRole("heading", { name: QUIZ.title })).toHaveAttribute("lang", "en");
  });

  it("is the English title in an English interface", () => {
    renderCard({ titleHi });
    expect(screen.getByRole("heading", { name: QUIZ.title })).toBeInTheDocument();
    expect(screen.queryByText(titleHi)).toBeNull();
  });
});
