// A calendar day read west of UTC (a student abroad, or a browser set to another zone). The zone
// is the process's own, set when it starts: a worker thread cannot change it, so the formats are
// written by a child process started with TZ set.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FORMAT = path.join(import.meta.dirname, "format.ts");

function formatDatesIn(timeZone: string, values: string[]): string[] {
  const code = `const { formatDate } = await import(${JSON.stringify(FORMAT)});
console.log(JSON.stringify(${JSON.stringify(values)}.map((v) => formatDate(v))));`;
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", code],
    {
      env: { ...process.env, TZ: timeZone },
      encoding: "utf8",
    },
  );
  return JSON.parse(output.trim().split("\n").at(-1) ?? "[]") as string[];
}

describe("a calendar day west of UTC", () => {
  it("is the day written, not the evening before; a moment in time stays in the reader's zone", () => {
    expect(formatDatesIn("America/Los_Angeles", ["2026-11-21", "2026-11-21T03:00:00Z"])).toEqual([
      "21 Nov 2026",
      "20 Nov 2026",
    ]);
  });
});
