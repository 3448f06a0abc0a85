import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { paginationQuerySchema } from "./pagination.ts";
import { optionalText, text } from "./text.ts";

/**
 * Live classes (decision 043): scheduled classes on whatever meeting service the institute uses,
 * a calendar file and a mailed reminder for each, and the recording afterwards.
 */

/** The join button opens this long before the start (and the reminder mail goes out then). */
export const JOIN_OPENS_MINUTES = 15;
/** Reminder mails go out this long before the start. */
export const REMINDER_LEAD_MINUTES = 30;
export const DURATION_MINUTES = { min: 10, max: 480 } as const;

export const LIVE_CLASS_MESSAGES = {
  notFound: msg("Live class not found."),
  notOpenYet: msg(
    "The class opens {{minutes}} minutes before it starts. Come back then, or set a reminder.",
  ),
  ended: msg("This class has ended. Its recording appears here when it is ready."),
  endedNoReminder: msg("This class has already ended."),
  joinUrlInvalid: msg("Enter the class link as a full https:// address."),
  recordingUrlInvalid: msg("Enter the recording link as a full https:// address."),
  titleRequired: msg("Title is required."),
  teacherRequired: msg("Teacher is required."),
  startRequired: msg("Enter when the class starts."),
  durationRange: msg("The duration must be between 10 and 480 minutes."),
  recordingVideoMissing: msg("The chosen recording video does not exist."),
} as const;

/** An https address (the join link, a recording link): never javascript:, never plain http. */
function httpsUrl(message: string) {
  return text()
    .trim()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" && url.hostname.includes(".");
      } catch {
        return false;
      }
    }, message);
}

export const liveClassSchema = z.object({
  title: text().trim().min(1, LIVE_CLASS_MESSAGES.titleRequired).max(200),
  titleHi: optionalText(200),
  teacher: text().trim().min(1, LIVE_CLASS_MESSAGES.teacherRequired).max(120),
  description: optionalText(2000),
  subjectId: z.uuid().nullable().default(null),
  topicId: z.uuid().nullable().default(null),
  /** An ISO instant with its offset (the form sends the admin's local time converted). */
  startsAt: z.iso.datetime({ offset: true, message: LIVE_CLASS_MESSAGES.startRequired }),
  durationMinutes: z.coerce
    .number()
    .int(LIVE_CLASS_MESSAGES.durationRange)
    .min(DURATION_MINUTES.min, LIVE_CLASS_MESSAGES.durationRange)
    .max(DURATION_MINUTES.max, LIVE_CLASS_MESSAGES.durationRange),
  joinUrl: httpsUrl(LIVE_CLASS_MESSAGES.joinUrlInvalid),
  /** After the class: a link to its recording (blank: none yet). */
  recordingUrl: z
    .union([z.literal(""), z.null(), httpsUrl(LIVE_CLASS_MESSAGES.recordingUrlInvalid)])
    .default(null)
    .transform((v) => v || null),
  /** Or a video lesson holding the recording (uploaded at /admin/videos). */
  recordingVideoId: z.uuid().nullable().default(null),
  isFree: z.boolean().default(true),
});
export type LiveClassInput = z.infer<typeof liveClassSchema>;

export const LIVE_CLASS_WHEN = ["upcoming", "past"] as const;
export type LiveClassWhen = (typeof LIVE_CLASS_WHEN)[number];

export const liveClassListQuerySchema = paginationQuerySchema.extend({
  when: z.enum(LIVE_CLASS_WHEN).default("upcoming"),
  subjectId: z.uuid().optional(),
});

export const adminLiveClassListQuerySchema = paginationQuerySchema.extend({
  search: text().trim().max(200).default(""),
  when: z.enum(["all", ...LIVE_CLASS_WHEN]).default("all"),
});

/** Where a class stands at a moment: before its start, during it, after its end. */
export type LiveClassStatus = "upcoming" | "live" | "ended";

export function liveClassStatus(
  startsAt: Date,
  durationMinutes: number,
  now: Date,
): LiveClassStatus {
  const end = startsAt.getTime() + durationMinutes * 60_000;
  if (now.getTime() >= end) return "ended";
  if (now.getTime() >= startsAt.getTime()) return "live";
  return "upcoming";
}

/** Whether the join button is open: from JOIN_OPENS_MINUTES before the start to the end. */
export function canJoinAt(startsAt: Date, durationMinutes: number, now: Date): boolean {
  const opens = startsAt.getTime() - JOIN_OPENS_MINUTES * 60_000;
  const end = startsAt.getTime() + durationMinutes * 60_000;
  return now.getTime() >= opens && now.getTime() < end;
}
