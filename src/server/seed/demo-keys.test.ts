import { describe, expect, it } from "vitest";
import { OPTION_KEYS } from "../../shared/constants.ts";
import { questionMarkupToHtml } from "../../shared/question-markup.ts";
import { htmlToText, sanitizeNewsHtml } from "../modules/news/sanitize-news-html.ts";
import { DEMO_EXAM_QUESTIONS } from "./demo.ts";
import { DEMO_NEWS } from "./demo-content.ts";
import { DEMO_QUIZZES } from "./demo-quizzes.ts";
import { demoTagOf } from "./demo-tags.ts";

describe("demo exam questions", () => {
  it("have balanced answer keys: no letter more than 35%, none missing", () => {
    const counts = Object.fromEntries(OPTION_KEYS.map((key) => [key, 0]));
    for (const q of DEMO_EXAM_QUESTIONS) counts[q.answer] = (counts[q.answer] ?? 0) + 1;
    for (const key of OPTION_KEYS) {
      expect(counts[key], `${key}: ${JSON.stringify(counts)}`).toBeGreaterThan(0);
      expect(counts[key] ?? 0, `${key}: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(
        DEMO_EXAM_QUESTIONS.length * 0.35,
      );
    }
  });

  it("each have four distinct options, the key's among them, and their tags", () => {
    for (const q of DEMO_EXAM_QUESTIONS) {
      const answer = q.options[OPTION_KEYS.indexOf(q.answer)];
      expect(answer, q.text).toBeTruthy();
      expect(new Set(q.options).size, q.text).toBe(4);
      expect(() => demoTagOf(q.text)).not.toThrow();
    }
  });

  it("include statement, match-the-list and assertion-reason questions in the markup", () => {
    const html = DEMO_EXAM_QUESTIONS.map((q) => questionMarkupToHtml(q.text));
    expect(html.some((h) => h.includes("<ol>") && h.includes("is/are correct?"))).toBe(true);
    expect(html.some((h) => h.includes("<table>") && h.includes("List-I"))).toBe(true);
    expect(html.some((h) => h.includes("<strong>Assertion (A):</strong>"))).toBe(true);
  });

  it("give the statement, match-the-list and assertion-reason questions a Hindi version in the same markup", () => {
    const shaped = DEMO_EXAM_QUESTIONS.filter((q) =>
      /<(ol|table|strong)>/.test(questionMarkupToHtml(q.text)),
    );
    expect(shaped).toHaveLength(3);
    for (const q of shaped) {
      const hi = q.hi;
      expect(hi, q.text).toBeDefined();
      if (!hi) continue;
      // The same structure: as many list items, table rows and bold runs as the English.
      for (const tag of ["<li>", "<tr>", "<strong>"]) {
        const count = (html: string) => html.split(tag).length - 1;
        expect(count(questionMarkupToHtml(hi.text)), `${tag} in ${hi.text}`).toBe(
          count(questionMarkupToHtml(q.text)),
        );
      }
      expect(hi.text).toMatch(/[\u0900-\u097F]/);
      expect(new Set(hi.options).size).toBe(4);
      expect(hi.explanation).toMatch(/[\u0900-\u097F]/);
    }
  });
});

describe("demo quizzes' answer keys", () => {
  const questions = DEMO_QUIZZES.flatMap((quiz) => quiz.questions);

  it("are balanced: each letter the key of about a quarter of the questions (20-30%)", () => {
    const counts = Object.fromEntries(OPTION_KEYS.map((key) => [key, 0]));
    for (const q of questions) counts[q.answer] = (counts[q.answer] ?? 0) + 1;
    for (const key of OPTION_KEYS) {
      expect(counts[key], `${key}: ${JSON.stringify(counts)}`).toBeGreaterThanOrEqual(
        questions.length * 0.2,
      );
      expect(counts[key], `${key}: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(
        questions.length * 0.3,
      );
    }
  });

  it("each have four distinct options in every language they have", () => {
    for (const q of questions) {
      expect(new Set(q.options).size, q.text).toBe(4);
      if (q.hi) expect(new Set(q.hi.options).size, q.hi.text).toBe(4);
    }
  });
});

describe("demo content in Hindi", () => {
  const devanagari = /^[^A-Za-z]*[\u0900-\u097F]/;

  it("gives every demo quiz a Hindi title", () => {
    for (const quiz of DEMO_QUIZZES) expect(quiz.titleHi, quiz.title).toMatch(devanagari);
  });

  it("gives every demo article a Hindi title, summary and body that pass the news sanitiser", () => {
    for (const news of DEMO_NEWS) {
      expect(news.titleHi, news.title).toMatch(devanagari);
      expect(news.excerptHi, news.title).toMatch(devanagari);
      expect(htmlToText(news.contentHi), news.title).toMatch(devanagari);
      expect(sanitizeNewsHtml(news.contentHi), news.title).toBe(news.contentHi);
    }
  });
});
