import { describe, expect, it } from "vitest";
import { CREATE_ADMIN_USAGE, parseCreateAdminArgs } from "./create-admin-args.ts";

describe("create-admin arguments", () => {
  it("prints only the usage line when run with no arguments", () => {
    expect(parseCreateAdminArgs([])).toEqual({ kind: "error", message: CREATE_ADMIN_USAGE });
  });

  it("names the missing option instead of a schema error", () => {
    expect(parseCreateAdminArgs(["--email", "a@example.com"])).toEqual({
      kind: "error",
      message: `Missing --password.\n${CREATE_ADMIN_USAGE}`,
    });
    expect(parseCreateAdminArgs(["--name", "Boss"])).toEqual({
      kind: "error",
      message: `Missing --email and --password.\n${CREATE_ADMIN_USAGE}`,
    });
  });

  it("explains an unknown option or a missing value", () => {
    const unknown = parseCreateAdminArgs(["--mail", "a@example.com"]);
    expect(unknown).toMatchObject({ kind: "error" });
    expect(unknown.kind === "error" && unknown.message).toMatch(/^Unknown option '--mail'/);
    const valueless = parseCreateAdminArgs(["--password", "Tq7-violet-harbor-92", "--email"]);
    expect(valueless.kind === "error" && valueless.message).toMatch(/--email.*argument missing/);
  });

  it("reports an invalid value with the option's name", () => {
    expect(parseCreateAdminArgs(["--email", "a@example.com", "--password", "123"])).toEqual({
      kind: "error",
      message: `--password: Admin passwords must be at least 12 characters long.\n${CREATE_ADMIN_USAGE}`,
    });
  });

  it("reads a full command line, --promote included", () => {
    expect(
      parseCreateAdminArgs([
        "--email",
        "A@Example.com",
        "--password",
        "Tq7-violet-harbor-92",
        "--promote",
      ]),
    ).toEqual({
      kind: "run",
      input: {
        email: "a@example.com",
        password: "Tq7-violet-harbor-92",
        name: "Admin",
        promote: true,
      },
    });
    expect(parseCreateAdminArgs(["-h"])).toEqual({ kind: "help" });
  });
});
