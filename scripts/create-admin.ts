import { createAdmin } from "../src/server/modules/account/create-admin.ts";
import { CREATE_ADMIN_USAGE, parseCreateAdminArgs } from "./lib/create-admin-args.ts";
import { withDatabase } from "./lib/with-database.ts";

async function main() {
  const args = parseCreateAdminArgs(process.argv.slice(2));
  if (args.kind === "help") {
    console.log(CREATE_ADMIN_USAGE);
    return;
  }
  if (args.kind === "error") {
    console.error(args.message);
    process.exitCode = 2;
    return;
  }
  const { result, via } = await withDatabase({
    internalPath: "create-admin",
    body: args.input,
    direct: (db) => createAdmin(db, args.input),
  });
  if (result.outcome === "created") {
    console.log(`Created admin account ${result.email} (via ${via}).`);
  } else {
    console.log(
      `Promoted existing user ${result.email} to admin with the password you gave; their sessions were signed out and two-factor sign-in is off (via ${via}).`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
