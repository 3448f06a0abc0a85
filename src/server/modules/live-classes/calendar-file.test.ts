import { describe, expect, it } from "vitest";
import { escapeText, fold } from "../../lib/ics.ts";
import { liveClassCalendar } from "./calendar-file.ts";

describe("the iCalendar file", () => {
  it("folds long lines at 75 octets without splitting a Hindi letter", () => {
    const line = `SUMMARY:${"संविधान की प्रस्तावना ".repeat(6)}`;
    const folded = fold(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
  });

  it("escapes the characters TEXT values reserve, and every line break (CRLF, LF, a lone CR)", () => {
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    expect(escapeText("a\rb\r\nc\nd\r")).toBe("a\\nb\\nc\\nd\\n");
  });

  it("ends every line with CRLF", () => {
    const ics = liveClassCalendar({
      id: "c1",
      title: "Polity",
      teacher: "T",
      description: null,
      startsAt: new Date("2026-12-01T04:30:00Z"),
      durationMinutes: 90,
      pageUrl: "https://exam.example.org/live-classes",
      host: "exam.example.org",
      appTitle: "Exam",
      now: new Date("2026-11-24T00:00:00Z"),
    });
    expect(ics.split("\r\n").at(-1)).toBe("");
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/\n|\r/);
    expect(ics).toContain("DTSTART:20261201T043000Z\r\nDTEND:20261201T060000Z\r\n");
    expect(ics).toContain("UID:live-class-c1@exam.example.org");
  });
});
