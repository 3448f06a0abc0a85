import type { AttemptKind } from "../../../shared/attempt-kinds.ts";
import type { EntitlementReason } from "../../../shared/subscriptions.ts";

/** Something a student starts that may be premium: an exam or a current-affairs quiz. */
export type GatedContent = { kind: AttemptKind; id: string; isFree: boolean };

/** The terms of the student's active subscription (copied from the plan when bought). */
export type ActiveTerms = {
  planName: string;
  /** null: unlimited. */
  examLimit: number | null;
  attemptLimitPerExam: number | null;
};

/** Premium content of one kind the student started in the plan's period: id → attempts. */
export type PremiumUsage = ReadonlyMap<string, number>;

export type Access =
  | { allowed: true; attemptsLeft: number | null }
  | { allowed: false; reason: EntitlementReason; message: string };

const DAY_MS = 86_400_000;

/**
 * The start of the limits' current period (decision 028). Periods belong to the plan, not to one
 * activation: they run in steps of the plan's duration from the student's first start of that
 * plan, so renewing (or buying the same plan again) inside a period never resets what was used
 * in it. A lifetime plan (duration 0) has one period, from that first start.
 */
export function usagePeriodStart(firstStart: Date, durationDays: number, now: Date): Date {
  if (durationDays <= 0) return firstStart;
  const length = durationDays * DAY_MS;
  const elapsed = Math.max(0, Math.floor((now.getTime() - firstStart.getTime()) / length));
  return new Date(firstStart.getTime() + elapsed * length);
}

export const PREMIUM_REQUIRED_MESSAGE =
  "This is premium content. Subscribe to a plan to unlock it.";

const nouns: Record<AttemptKind, readonly [string, string]> = {
  exam: ["exam", "exams"],
  quiz: ["quiz", "quizzes"],
};

/**
 * The one entitlement rule, without I/O. Free content: open to everyone, unlimited. Premium:
 * admins always; students need an active subscription, and then at most `examLimit` distinct
 * premium items of this kind started in the period and `attemptLimitPerExam` attempts at each
 * (null: unlimited). An item already started in the period does not count again.
 */
export function decideAccess(input: {
  content: GatedContent;
  role: "admin" | "student";
  terms: ActiveTerms | null;
  usage: PremiumUsage;
}): Access {
  const { content, terms } = input;
  if (content.isFree || input.role === "admin") return { allowed: true, attemptsLeft: null };
  if (!terms) {
    return { allowed: false, reason: "PREMIUM_REQUIRED", message: PREMIUM_REQUIRED_MESSAGE };
  }
  const [one, many] = nouns[content.kind];
  const attemptsSoFar = input.usage.get(content.id) ?? 0;
  if (attemptsSoFar === 0 && terms.examLimit !== null && input.usage.size >= terms.examLimit) {
    return {
      allowed: false,
      reason: "EXAM_LIMIT_REACHED",
      message: `You have started all ${terms.examLimit} premium ${many} your ${terms.planName} plan includes. Choose a plan with a higher limit to open more.`,
    };
  }
  if (terms.attemptLimitPerExam !== null && attemptsSoFar >= terms.attemptLimitPerExam) {
    return {
      allowed: false,
      reason: "ATTEMPT_LIMIT_REACHED",
      message: `You have used all ${terms.attemptLimitPerExam} attempts at this ${one} that your ${terms.planName} plan allows. Choose a plan with more attempts to try it again.`,
    };
  }
  return {
    allowed: true,
    attemptsLeft:
      terms.attemptLimitPerExam === null ? null : terms.attemptLimitPerExam - attemptsSoFar,
  };
}
