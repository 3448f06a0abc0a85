import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app.ts";
import { createLogger } from "./logger.ts";

let t: TestContext;
const lines: string[] = [];
beforeAll(async () => {
  const sink = { write: (line: string) => lines.push(line) };
  t = await createTestContext({
    logger: createLogger("info", { format: "pretty", stdout: sink, stderr: sink }),
  });
});
afterAll(async () => {
  await t.close();
});

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe("the request log", () => {
  it("escapes what an anonymous request puts in its path and request id", async () => {
    lines.length = 0;
    const forged =
      "%0A12:00:00%20POST%20/api/admin/settings%20200%201%20ms%1B[2J%C2%9B31m%E2%80%A8";
    const response = await t.app.request(`/api/nothing${forged}`, {
      headers: { "x-request-id": "id\u001b[31m" },
    });
    expect(response.status).toBe(404);
    // A request id that is not a plain token is replaced, not echoed.
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.slice(0, -1)).not.toMatch(RAW_CONTROL);
    expect(lines[0]).toContain("\\n12:00:00 POST /api/admin/settings 200 1 ms\\u001b[2J");
  });

  it("keeps a plain request id", async () => {
    const response = await t.app.request("/api/health", {
      headers: { "x-request-id": "lb-7f3a.42:9" },
    });
    expect(response.headers.get("x-request-id")).toBe("lb-7f3a.42:9");
  });
});
