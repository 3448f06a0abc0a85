import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { API_MESSAGES } from "../../shared/api-messages.ts";
import { AppError } from "./app-error.ts";

/** zod validation for a request part; failures become the app's 422 with the first message. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      // A malformed id in the path names nothing that exists.
      if (target === "param") throw new AppError("NOT_FOUND", API_MESSAGES.notFound);
      const first = result.error.issues[0];
      throw new AppError(
        "VALIDATION_FAILED",
        first?.message ?? API_MESSAGES.invalidInput,
        result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      );
    }
  });
}
