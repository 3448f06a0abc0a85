import { parseArgs } from "node:util";
import {
  type CreateAdminInput,
  createAdminInputSchema,
} from "../../src/server/modules/account/create-admin.ts";

export const CREATE_ADMIN_USAGE =
  "Usage: npm run create-admin -- --email a@example.com --password '...' [--name 'Site Admin'] [--promote]";

export type CreateAdminArgs =
  | { kind: "help" }
  | { kind: "error"; message: string }
  | { kind: "run"; input: CreateAdminInput & { promote: boolean } };

/**
 * Reads the command line into createAdmin's input. Every mistake (an unknown or valueless
 * option, a missing or invalid value) comes back as one plain sentence plus the usage line,
 * never as a schema dump.
 */
export function parseCreateAdminArgs(argv: string[]): CreateAdminArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        promote: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    // parseArgs explains itself ("Unknown option '--mail'", "Option '--email <value>' argument missing").
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return usageError(reason ?? "Invalid arguments.");
  }
  if (values.help) return { kind: "help" };
  const missing = (["email", "password"] as const).filter((key) => !values[key]);
  if (missing.length === 2 && values.name === undefined) return usageError("");
  if (missing.length > 0) {
    return usageError(`Missing ${missing.map((key) => `--${key}`).join(" and ")}.`);
  }
  const parsed = createAdminInputSchema.safeParse({ ...values, promote: values.promote === true });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `--${String(i.path[0] ?? "input")}: ${i.message}`);
    return usageError(lines.join("\n"));
  }
  return {
    kind: "run",
    input: {
      email: parsed.data.email,
      password: parsed.data.password,
      name: parsed.data.name,
      promote: parsed.data.promote,
    },
  };
}

function usageError(reason: string): CreateAdminArgs {
  return {
    kind: "error",
    message: reason ? `${reason}\n${CREATE_ADMIN_USAGE}` : CREATE_ADMIN_USAGE,
  };
}
