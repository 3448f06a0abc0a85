import type { ContentKind } from "../../../shared/attempt-kinds.ts";
import type { Role } from "../../../shared/constants.ts";
import { fillText, type MarkedText, msg } from "../../../shared/i18n/msg.ts";
import type { EntitlementReason } from "../../../shared/subscriptions.ts";

/** Something a student starts that may be premium: an exam or a current-affairs quiz. */
export type GatedContent = { kind: ContentKind; id: string; isFree: boolean };

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
  | {
      allowed: false;
      reason: EntitlementReason;
      /** In English; `text` the same with its values, for the client's interface language. */
      message: string;
      text?: MarkedText;
    };

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

/** The plan-limit refusals per kind, whole sentences so each reads right in Hindi too. */
const LIMIT_TEXTS: Record<ContentKind, { exams: string; attempts: string }> = {
  exam: {
    exams: msg(
      "You have started all {{count}} premium exams your {{plan}} plan includes. Choose a plan with a higher limit to open more.",
    ),
    attempts: msg(
      "You have used all {{count}} attempts at this exam that your {{plan}} plan allows. Choose a plan with more attempts to try it again.",
    ),
  },
  quiz: {
    exams: msg(
      "You have started all {{count}} premium quizzes your {{plan}} plan includes. Choose a plan with a higher limit to open more.",
    ),
    attempts: msg(
      "You have used all {{count}} attempts at this quiz that your {{plan}} plan allows. Choose a plan with more attempts to try it again.",
    ),
  },
};

function refusal(reason: EntitlementReason, key: string, values: MarkedText["values"]): Access {
  const text = { key, values };
  return { allowed: false, reason, message: fillText(text), text };
}

/**
 * The one entitlement rule, without I/O. Free content: open to everyone, unlimited. Premium:
 * admins always; students need an active subscription, and then at most `examLimit` distinct
 * premium items of this kind started in the period and `attemptLimitPerExam` attempts at each
 * (null: unlimited). An item already started in the period does not count again.
 */
export function decideAccess(input: {
  content: GatedContent;
  role: Role;
  terms: ActiveTerms | null;
  usage: PremiumUsage;
}): Access {
  const { content, terms } = input;
  const open = decideStudyAccess({ isFree: content.isFree, role: input.role, terms });
  if (!open.allowed || content.isFree || input.role === "admin" || !terms) return open;
  const attemptsSoFar = input.usage.get(content.id) ?? 0;
  if (attemptsSoFar === 0 && terms.examLimit !== null && input.usage.size >= terms.examLimit) {
    return refusal("EXAM_LIMIT_REACHED", LIMIT_TEXTS[content.kind].exams, {
      count: terms.examLimit,
      plan: terms.planName,
    });
  }
  if (terms.attemptLimitPerExam !== null && attemptsSoFar >= terms.attemptLimitPerExam) {
    return refusal("ATTEMPT_LIMIT_REACHED", LIMIT_TEXTS[content.kind].attempts, {
      count: terms.attemptLimitPerExam,
      plan: terms.planName,
    });
  }
  return {
    allowed: true,
    attemptsLeft:
      terms.attemptLimitPerExam === null ? null : terms.attemptLimitPerExam - attemptsSoFar,
  };
}

/**
 * The same rule for study material (notes, videos, live classes, courses; decision 043), which has
 * no per-item limits: free items are open to everyone, premium ones to admins and to anyone with an
 * active subscription. `role` null: a visitor who is not signed in.
 */
export function decideStudyAccess(input: {
  isFree: boolean;
  role: Role | null;
  terms: Pick<ActiveTerms, "planName"> | null;
}): Access {
  if (input.isFree || input.role === "admin") return { allowed: true, attemptsLeft: null };
  if (!input.terms) {
    return { allowed: false, reason: "PREMIUM_REQUIRED", message: PREMIUM_REQUIRED_MESSAGE };
  }
  return { allowed: true, attemptsLeft: null };
}
