import { describe, expect, it } from "vitest";
import {
  type ActiveTerms,
  decideAccess,
  decideStudyAccess,
  PREMIUM_REQUIRED_MESSAGE,
  usagePeriodStart,
} from "./access-rule.ts";

const exam = (id: string, isFree = false) => ({ kind: "exam" as const, id, isFree });
const terms = (examLimit: number | null, attemptLimitPerExam: number | null): ActiveTerms => ({
  planName: "Pro Monthly",
  examLimit,
  attemptLimitPerExam,
});
const usage = (entries: [string, number][]) => new Map(entries);

describe("decideAccess", () => {
  it("opens free content to everyone, without a subscription and without limits", () => {
    expect(
      decideAccess({ content: exam("a", true), role: "student", terms: null, usage: usage([]) }),
    ).toEqual({ allowed: true, attemptsLeft: null });
    expect(
      decideAccess({
        content: exam("a", true),
        role: "student",
        terms: terms(0, 0),
        usage: usage([["a", 9]]),
      }),
    ).toEqual({ allowed: true, attemptsLeft: null });
  });

  it("never limits admins", () => {
    expect(
      decideAccess({ content: exam("a"), role: "admin", terms: null, usage: usage([["a", 99]]) }),
    ).toEqual({ allowed: true, attemptsLeft: null });
  });

  it("refuses premium content without a subscription", () => {
    expect(
      decideAccess({ content: exam("a"), role: "student", terms: null, usage: usage([]) }),
    ).toEqual({ allowed: false, reason: "PREMIUM_REQUIRED", message: PREMIUM_REQUIRED_MESSAGE });
  });

  it("allows exam_limit distinct premium exams, then refuses a new one but not a started one", () => {
    const used = usage([
      ["a", 1],
      ["b", 1],
    ]);
    expect(
      decideAccess({ content: exam("c"), role: "student", terms: terms(3, null), usage: used }),
    ).toEqual({ allowed: true, attemptsLeft: null });
    const atLimit = decideAccess({
      content: exam("c"),
      role: "student",
      terms: terms(2, null),
      usage: used,
    });
    expect(atLimit).toMatchObject({ allowed: false, reason: "EXAM_LIMIT_REACHED" });
    expect(atLimit.allowed ? "" : atLimit.message).toBe(
      "You have started all 2 premium exams your Pro Monthly plan includes. Choose a plan with a higher limit to open more.",
    );
    expect(
      decideAccess({ content: exam("a"), role: "student", terms: terms(2, null), usage: used }),
    ).toEqual({ allowed: true, attemptsLeft: null });
  });

  it("allows attempt_limit_per_exam attempts and counts down what is left", () => {
    const run = (attempts: number) =>
      decideAccess({
        content: exam("a"),
        role: "student",
        terms: terms(null, 3),
        usage: usage(attempts ? [["a", attempts]] : []),
      });
    expect(run(0)).toEqual({ allowed: true, attemptsLeft: 3 });
    expect(run(2)).toEqual({ allowed: true, attemptsLeft: 1 });
    expect(run(3)).toMatchObject({ allowed: false, reason: "ATTEMPT_LIMIT_REACHED" });
  });

  it("treats null limits as unlimited and a 0 limit as none", () => {
    const many = usage(Array.from({ length: 500 }, (_, i) => [`x${i}`, 50] as [string, number]));
    expect(
      decideAccess({ content: exam("x1"), role: "student", terms: terms(null, null), usage: many }),
    ).toEqual({ allowed: true, attemptsLeft: null });
    expect(
      decideAccess({ content: exam("a"), role: "student", terms: terms(0, 3), usage: usage([]) }),
    ).toMatchObject({ allowed: false, reason: "EXAM_LIMIT_REACHED" });
  });

  it("names quizzes in quiz refusals", () => {
    const access = decideAccess({
      content: { kind: "quiz", id: "q", isFree: false },
      role: "student",
      terms: terms(null, 1),
      usage: usage([["q", 1]]),
    });
    expect(access.allowed ? "" : access.message).toContain("attempts at this quiz");
  });
});

describe("usagePeriodStart", () => {
  const first = new Date("2026-01-01T06:00:00Z");
  const at = (iso: string) => usagePeriodStart(first, 30, new Date(iso)).toISOString();

  it("runs periods of the plan's duration from the first start, whatever renewals came since", () => {
    expect(at("2026-01-01T06:00:00Z")).toBe("2026-01-01T06:00:00.000Z");
    expect(at("2026-01-31T05:59:59Z")).toBe("2026-01-01T06:00:00.000Z");
    expect(at("2026-01-31T06:00:00Z")).toBe("2026-01-31T06:00:00.000Z");
    expect(at("2026-03-15T00:00:00Z")).toBe("2026-03-02T06:00:00.000Z");
  });

  it("gives a lifetime plan one period, from its first start", () => {
    expect(usagePeriodStart(first, 0, new Date("2030-01-01T00:00:00Z"))).toEqual(first);
  });

  it("never starts after the first start when the clock reads earlier", () => {
    expect(usagePeriodStart(first, 30, new Date("2025-12-31T00:00:00Z"))).toEqual(first);
  });
});

describe("decideStudyAccess", () => {
  const plan = { planName: "Gold" };
  it("opens free items to everyone, visitors included", () => {
    expect(decideStudyAccess({ isFree: true, role: null, terms: null }).allowed).toBe(true);
    expect(decideStudyAccess({ isFree: true, role: "student", terms: null }).allowed).toBe(true);
  });

  it("opens premium items to admins and to students with an active plan, with no limits", () => {
    expect(decideStudyAccess({ isFree: false, role: "admin", terms: null }).allowed).toBe(true);
    expect(decideStudyAccess({ isFree: false, role: "student", terms: plan }).allowed).toBe(true);
  });

  it("refuses premium items to visitors, students and mentors without a plan", () => {
    for (const role of [null, "student", "mentor"] as const) {
      const access = decideStudyAccess({ isFree: false, role, terms: null });
      expect(access).toEqual({
        allowed: false,
        reason: "PREMIUM_REQUIRED",
        message: PREMIUM_REQUIRED_MESSAGE,
      });
    }
  });
});
