import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form resolver from a shared zod schema (decision 032). `toInput` turns what the
 * fields hold (text, as typed) into what the schema takes (numbers, nulls, lists); each issue is
 * shown next to the field its path starts with, and the first issue's message is kept under
 * `root` for a form whose spec asks for a validation toast.
 */
export function schemaResolver<Values extends FieldValues, Schema extends z.ZodType>(
  schema: Schema,
  toInput: (values: Values) => z.input<Schema> = (values) => values as z.input<Schema>,
): Resolver<Values, unknown, z.output<Schema>> {
  return async (values) => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "root");
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    const first = parsed.error.issues[0]?.message ?? "";
    return {
      values: {},
      errors: { ...errors, root: { type: "toast", message: first } } as FieldErrors<Values>,
    };
  };
}

/** A number field's text as a number; blank is NaN, so the schema refuses it. */
export const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/**
 * `schemaResolver` with the schema loaded at the first validation: a page whose chunks must stay
 * small (the exam page's live room) does not ship zod and the schema until its form is sent.
 */
export function lazySchemaResolver<Values extends FieldValues, Schema extends z.ZodType>(
  load: () => Promise<Schema>,
  toInput?: (values: Values) => z.input<Schema>,
): Resolver<Values, unknown, z.output<Schema>> {
  let ready: Promise<Resolver<Values, unknown, z.output<Schema>>> | null = null;
  return async (values, context, options) => {
    ready ??= load().then((schema) => schemaResolver(schema, toInput));
    return (await ready)(values, context, options);
  };
}
