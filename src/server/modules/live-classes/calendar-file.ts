import type { UiLanguage } from "../../../shared/i18n/languages.ts";
import { JOIN_OPENS_MINUTES } from "../../../shared/live-classes.ts";
import { escapeText, icsFile, icsUtc as utc } from "../../lib/ics.ts";

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
  return icsFile(lines);
}
