import { z } from "zod";

export const studyGoalSchema = z.object({
  hours: z
    .number()
    .int("Whole hours only.")
    .min(1, "At least 1 hour.")
    .max(24, "At most 24 hours."),
});
