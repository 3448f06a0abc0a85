import { describe, expect, it } from "vitest";
import { OPTION_KEYS } from "../../shared/constants.ts";
import { questionMarkupToHtml } from "../../shared/question-markup.ts";
import { DEMO_EXAM_QUESTIONS } from "./demo.ts";
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
});
