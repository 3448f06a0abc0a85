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

describe("values from a request", () => {
  // A newline forging a second entry, ANSI and C1 escapes (clear screen, CSI), DEL, U+2028.
  const hostile = "/api/x\n09:05:07 GET /api/admin 200 1 ms\r\u001b[2J\u009b31m\u007f\u2028end";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  const raw = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

  it("cannot forge a line or reach the terminal in the pretty format", () => {
    const { logger, out, err } = capture("pretty");
    logger.info("request", { method: "GET", path: hostile, status: 404, ms: 1 });
    logger.error("unhandled error", { error: hostile, [`k\n${hostile}`]: 1 });
    logger.warn(`msg ${hostile}`);
    for (const line of [...out, ...err]) {
      expect(line.endsWith("\n")).toBe(true);
      expect(line.slice(0, -1)).not.toMatch(raw);
    }
    expect(out[0]).toBe(
      '09:05:07 GET "/api/x\\n09:05:07 GET /api/admin 200 1 ms\\r\\u001b[2J\\u009b31m\\u007f\\u2028end" 404 1 ms\n',
    );
  });

  it("keeps each JSON line one valid line holding the same text", () => {
    const { logger, out } = capture("json");
    logger.info("request", { method: "GET", path: hostile, status: 404, ms: 1 });
    const line = out[0] ?? "";
    expect(line.slice(0, -1)).not.toMatch(raw);
    expect(JSON.parse(line).path).toBe(hostile);
  });
});
