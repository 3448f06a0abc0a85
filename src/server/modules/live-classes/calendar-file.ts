import type { UiLanguage } from "../../../shared/i18n/languages.ts";
import { JOIN_OPENS_MINUTES } from "../../../shared/live-classes.ts";

/**
 * An iCalendar file (RFC 5545) for one live class: what "Add to calendar" downloads. It links to
 * the class's page in the app, never to the join link (that stays behind the access check), and
 * carries an alarm for when the class opens.
 */
export function liveClassCalendar(input: {
  id: string;
  title: string;
  /** The class's Hindi title, used for a Hindi reader where the class has one. */
  titleHi?: string | null;
  language?: UiLanguage;
  teacher: string;
  description: string | null;
  startsAt: Date;
  durationMinutes: number;
  pageUrl: string;
  host: string;
  appTitle: string;
  now: Date;
}): string {
  const end = new Date(input.startsAt.getTime() + input.durationMinutes * 60_000);
  const hindi = input.language === "hi" && Boolean(input.titleHi?.trim());
  const title = hindi ? (input.titleHi ?? "") : input.title;
  const summary = hindi ? "SUMMARY;LANGUAGE=hi" : "SUMMARY";
  const description = [input.description, `${input.teacher}`, input.pageUrl]
    .filter(Boolean)
    .join("\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(input.appTitle)}//Live classes//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:live-class-${input.id}@${input.host}`,
    `DTSTAMP:${utc(input.now)}`,
    `DTSTART:${utc(input.startsAt)}`,
    `DTEND:${utc(end)}`,
    `${summary}:${escapeText(title)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${input.pageUrl}`,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${escapeText(title)}`,
    `TRIGGER:-PT${JOIN_OPENS_MINUTES}M`,
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** 20261124T103000Z */
function utc(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11): CRLF, a
 * lone LF and a lone CR each become `\n`, so no raw CR ends a line early in a calendar app.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Lines longer than 75 octets are folded: CRLF and a space (§3.1), never inside a UTF-8
 * character (Hindi titles are 3 bytes a letter).
 */
export function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
