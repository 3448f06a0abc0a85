import type { UiLanguage } from "../../../shared/i18n/languages.ts";
import { MAINS_PAPER_LABELS, type MainsPaper } from "../../../shared/mains-papers.ts";
import { MAINS_CALENDAR_TEXTS } from "../../../shared/mains-test-schemas.ts";
import { escapeText, icsFile, icsUtc } from "../../lib/ics.ts";
import { translatorFor } from "../../lib/translate.ts";

/** What a calendar event says about one test. */
export type CalendarTest = {
  id: string;
  title: string;
  titleHi: string | null;
  paper: MainsPaper;
  durationMinutes: number;
  uploadGraceMinutes: number;
  opensAt: Date;
  closesAt: Date;
};

export type MainsCalendarInput = {
  /** The calendar's name: the series' title, or the one test's. */
  name: string;
  tests: readonly CalendarTest[];
  language: UiLanguage;
  publicUrl: string;
  appTitle: string;
  now: Date;
};

/**
 * An iCalendar file (RFC 5545) of Mains tests (decision 063): "Add to calendar" for a series (its
 * schedule) or one test. Each test is an event over its window, with what to do in it, a link to
 * its page in the app and an alarm an hour before it opens. Titles are Hindi for a Hindi reader
 * where the test has one.
 */
export function mainsCalendar(input: MainsCalendarInput): string {
  const t = translatorFor(input.language);
  const host = new URL(input.publicUrl).hostname;
  const hindi = input.language === "hi";
  const events = input.tests.flatMap((test) => {
    const title = hindi && test.titleHi?.trim() ? test.titleHi : test.title;
    const summary = hindi && test.titleHi?.trim() ? "SUMMARY;LANGUAGE=hi" : "SUMMARY";
    const pageUrl = `${input.publicUrl}/student/mains-tests/${test.id}`;
    const rules = t(MAINS_CALENDAR_TEXTS.rules, {
      paper: t(MAINS_PAPER_LABELS[test.paper]),
      minutes: test.durationMinutes,
      grace: test.uploadGraceMinutes,
    });
    return [
      "BEGIN:VEVENT",
      `UID:mains-test-${test.id}@${host}`,
      `DTSTAMP:${icsUtc(input.now)}`,
      `DTSTART:${icsUtc(test.opensAt)}`,
      `DTEND:${icsUtc(test.closesAt)}`,
      `${summary}:${escapeText(title)}`,
      `DESCRIPTION:${escapeText(`${rules}\n${pageUrl}`)}`,
      `URL:${pageUrl}`,
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `DESCRIPTION:${escapeText(t(MAINS_CALENDAR_TEXTS.opensSoon, { title }))}`,
      "TRIGGER:-PT60M",
      "END:VALARM",
      "END:VEVENT",
    ];
  });
  return icsFile([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(input.appTitle)}//Mains tests//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    ...events,
    "END:VCALENDAR",
  ]);
}
