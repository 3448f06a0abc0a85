import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType, z } from "zod";
import { API_MESSAGES } from "../../shared/api-messages.ts";
import { AppError } from "./app-error.ts";

type ZodIssue = z.core.$ZodIssue;

/** zod validation for a request part; failures become the app's 422 with the first message. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(target, result.error.issues);
  });
}

/** What a failed validation of a request part answers (also the direct routes', decision 053). */
export function validationError(target: keyof ValidationTargets, issues: readonly ZodIssue[]) {
  // A malformed id in the path names nothing that exists.
  if (target === "param") return new AppError("NOT_FOUND", API_MESSAGES.notFound);
  const first = issues[0];
  return new AppError(
    "VALIDATION_FAILED",
    first?.message ?? API_MESSAGES.invalidInput,
    issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  );
}
