import { z } from "zod";
import { ONBOARDING_MESSAGES, TARGET_EXAMS, targetYearChoices } from "./onboarding.ts";

/** Step one of onboarding: the target exam and the year the student sits it. */
export const targetExamSchema = z.object({
  exam: z.enum(TARGET_EXAMS, ONBOARDING_MESSAGES.examRequired),
  year: z
    .number(ONBOARDING_MESSAGES.yearRequired)
    .int(ONBOARDING_MESSAGES.yearRequired)
    .refine((year) => targetYearChoices().includes(year), ONBOARDING_MESSAGES.yearRequired),
});
export type TargetExamInput = z.infer<typeof targetExamSchema>;
