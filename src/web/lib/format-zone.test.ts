// A calendar day read west of UTC (a student abroad, or a browser set to another zone): the zone
// is set before format.ts makes its formatters, which take the process's zone when made.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const zone = process.env.TZ;
let format: typeof import("./format.ts");

beforeAll(async () => {
  process.env.TZ = "America/Los_Angeles";
  format = await import("./format.ts");
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("a calendar day west of UTC", () => {
  it("is the day written, not the evening before", () => {
    expect(new Date("2026-11-21").getDate()).toBe(20);
    expect(format.formatDate("2026-11-21")).toBe("21 Nov 2026");
  });

  it("leaves a moment in time to the reader's zone", () => {
    expect(format.formatDate("2026-11-21T03:00:00Z")).toBe("20 Nov 2026");
  });
});
