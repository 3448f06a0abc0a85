import { describe, expect, it } from "vitest";
import { createLogger, resolveLogFormat } from "./logger.ts";

function capture(format: "json" | "pretty", level: "debug" | "info" | "warn" = "info") {
  const out: string[] = [];
  const err: string[] = [];
  const at = new Date(2026, 10, 21, 9, 5, 7); // local time: the pretty format prints local time
  const logger = createLogger(level, {
    format,
    stdout: { write: (line: string) => out.push(line) },
    stderr: { write: (line: string) => err.push(line) },
    now: () => at,
  });
  return { logger, out, err, at };
}

describe("logger formats", () => {
  it("is readable on a terminal and JSON elsewhere, unless LOG_FORMAT says", () => {
    expect(resolveLogFormat(undefined, true)).toBe("pretty");
    expect(resolveLogFormat(undefined, false)).toBe("json");
    expect(resolveLogFormat("json", true)).toBe("json");
    expect(resolveLogFormat("pretty", false)).toBe("pretty");
  });

  it("prints a request as one short line on a terminal", () => {
    const { logger, out } = capture("pretty");
    logger.info("request", {
      method: "GET",
      path: "/api/exams",
      status: 200,
      ms: 12.5,
      requestId: "b1c6f0e2-5d1a-4f57-9b1e-3c1d2f7a8e90",
    });
    logger.warn("database connection lost; the pool reconnects", {
      error: "Connection terminated",
    });
    expect(out).toEqual([
      "09:05:07 GET /api/exams 200 12.5 ms\n",
      '09:05:07 WARN database connection lost; the pool reconnects error="Connection terminated"\n',
    ]);
  });

  it("writes one JSON object per line otherwise, errors on stderr, and obeys the level", () => {
    const { logger, out, err, at } = capture("json", "info");
    logger.debug("hidden");
    logger.info("request", { method: "POST", path: "/api/x", status: 201, ms: 3 });
    logger.error("unhandled error", { path: "/api/y" });
    expect(out.map((l) => JSON.parse(l))).toEqual([
      {
        time: at.toISOString(),
        level: "info",
        msg: "request",
        method: "POST",
        path: "/api/x",
        status: 201,
        ms: 3,
      },
    ]);
    expect(JSON.parse(err[0] ?? "")).toMatchObject({ level: "error", msg: "unhandled error" });
  });
});
