import { and, eq, isNull, sql } from "drizzle-orm";
import {
  ONBOARDING_MESSAGES,
  type OnboardingState,
  TARGET_EXAMS,
  type TargetExam,
} from "../../../shared/onboarding.ts";
import type { TargetExamInput } from "../../../shared/onboarding-schemas.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";

const isTargetExam = (value: string | null): value is TargetExam =>
  value !== null && (TARGET_EXAMS as readonly string[]).includes(value);

/** The student's onboarding: finished or not, and what it has saved so far. */
export async function getOnboarding(db: Db, userId: string): Promise<OnboardingState> {
  const [row] = await db
    .select({
      completedAt: profiles.onboardingCompletedAt,
      targetExam: profiles.targetExam,
      targetYear: profiles.targetYear,
      dailyGoalHours: profiles.dailyGoalHours,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "Profile not found.");
  return {
    completed: row.completedAt !== null,
    targetExam: isTargetExam(row.targetExam) ? row.targetExam : null,
    targetYear: row.targetYear,
    dailyGoalHours: row.dailyGoalHours,
  };
}

export type UpdateTargetExamInput = {
  userId: string;
  input: TargetExamInput;
};

/** Step one: the exam the student prepares for and the year they sit it. */
export async function updateTargetExam(db: Db, { userId, input }: UpdateTargetExamInput) {
  await db
    .update(profiles)
    .set({ targetExam: input.exam, targetYear: input.year, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  return getOnboarding(db, userId);
}

/**
 * Claims the one offer a student gets at sign-in: true (and recorded) when a student who has not
 * finished onboarding was never offered it at a sign-in nor skipped it; false for everyone else,
 * admins included, so the sign-in form can ask without knowing the role yet.
 */
export async function claimOnboardingOffer(db: Db, userId: string): Promise<boolean> {
  const claimed = await db
    .update(profiles)
    .set({ onboardingOfferedAt: sql`now()` })
    .where(
      and(
        eq(profiles.id, userId),
        eq(profiles.role, "student"),
        isNull(profiles.onboardingCompletedAt),
        isNull(profiles.onboardingOfferedAt),
      ),
    )
    .returning({ id: profiles.id });
  return claimed.length > 0;
}

/** "Skip for now": not offered again at sign-in (the page stays open to the student). */
export async function skipOnboarding(db: Db, userId: string) {
  await db
    .update(profiles)
    .set({ onboardingOfferedAt: sql`coalesce(${profiles.onboardingOfferedAt}, now())` })
    .where(eq(profiles.id, userId));
  return getOnboarding(db, userId);
}

/** The last step: finished once the target exam is known (the other steps have defaults). */
export async function completeOnboarding(db: Db, userId: string) {
  const finished = await db
    .update(profiles)
    .set({
      onboardingCompletedAt: sql`coalesce(${profiles.onboardingCompletedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(profiles.id, userId),
        sql`${profiles.targetExam} is not null and ${profiles.targetYear} is not null`,
      ),
    )
    .returning({ id: profiles.id });
  if (finished.length === 0) {
    throw new AppError("VALIDATION_FAILED", ONBOARDING_MESSAGES.targetFirst);
  }
  return getOnboarding(db, userId);
}
