import { parseArgs } from "node:util";
import { createAdmin, createAdminInputSchema } from "../src/server/modules/account/create-admin.ts";
import { withDatabase } from "./lib/with-database.ts";

const USAGE = `Usage: npm run create-admin -- --email a@example.com --password '...' [--name 'Site Admin']`;

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const parsed = createAdminInputSchema.safeParse(values);
  if (!parsed.success) {
    console.error(
      `${parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("\n")}\n${USAGE}`,
    );
    process.exitCode = 2;
    return;
  }
  const { result, via } = await withDatabase({
    internalPath: "create-admin",
    body: values,
    direct: (db) => createAdmin(db, parsed.data),
  });
  if (result.outcome === "created") {
    console.log(`Created admin account ${result.email} (via ${via}).`);
  } else {
    console.log(
      `Promoted existing user ${result.email} to admin; their password is unchanged (via ${via}).`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
