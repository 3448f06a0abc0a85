import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { text } from "./text.ts";

/**
 * Reminders (decision 044): web push to the student's devices, or an email when
 * none is subscribed and the student allows it. The kinds, the limits and the words live here so
 * the server's dispatcher, the profile page and the service worker agree. Each name here is a
 * switch in the student's settings (and the reminder of that name); a reminder may also obey
 * another's switch (`scoreChanged` obeys `testResults`: both are about a test's result).
 */
export const NOTIFICATION_TYPES = [
  "quizLive",
  "answerEvaluated",
  "revisionDue",
  "liveClass",
  "testResults",
  "discussionReply",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** At most this many reminders (push or email) reach one student per India calendar day. */
export const NOTIFICATION_DAILY_CAP = 3;

/** Devices one student may keep subscribed; a new one beyond it replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;
/** Quiet hours in India time: nothing is sent from 22:00 until 07:00. */
export const QUIET_HOURS = { startHour: 22, endHour: 7 } as const;
/** A live class is announced this long before it starts. */
export const LIVE_CLASS_NOTICE_MINUTES = 15;

export type NotificationPreferences = Record<NotificationType, boolean> & {
  /** Email the reminder when no device of the student's is subscribed to push. */
  emailFallback: boolean;
};

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  quizLive: true,
  answerEvaluated: true,
  revisionDue: true,
  liveClass: true,
  testResults: true,
  discussionReply: true,
  emailFallback: true,
};

export const notificationPreferencesSchema = z
  .object({
    quizLive: z.boolean(),
    answerEvaluated: z.boolean(),
    revisionDue: z.boolean(),
    liveClass: z.boolean(),
    // Optional: an app cached before this switch existed sends none, and the stored one stays.
    testResults: z.boolean().optional(),
    discussionReply: z.boolean().optional(),
    emailFallback: z.boolean(),
  })
  .strict();
/** What a student's app sends to save the switches. */
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

export const NOTIFICATION_MESSAGES = {
  endpointInvalid: msg("This browser gave an invalid push address. Try again, or use email."),
  endpointTaken: msg(
    "This browser's notifications are turned on for another account. Sign in to that account and turn them off there, then try again.",
  ),
  keysInvalid: msg("This browser gave invalid push keys. Try again, or use email."),
  subscriptionNotFound: msg("This device is not subscribed."),
  unsubscribeInvalid: msg(
    "This unsubscribe link is not valid. Open your profile to change emails.",
  ),
} as const;

const base64url = (max: number) =>
  text()
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, NOTIFICATION_MESSAGES.keysInvalid);

/** What `PushSubscription.toJSON()` gives in the browser (expirationTime ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: text()
    .trim()
    .max(1024, NOTIFICATION_MESSAGES.endpointInvalid)
    .pipe(z.url(NOTIFICATION_MESSAGES.endpointInvalid)),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
    p256dh: base64url(100),
    auth: base64url(40),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({
  endpoint: text().trim().max(1024, NOTIFICATION_MESSAGES.endpointInvalid),
});

export const unsubscribeQuerySchema = z.object({ token: text().max(300) });

/** The JSON a push message carries: no answer data, nothing personal beyond this. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** The profile's switch labels, one per kind. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  quizLive: msg("Today's quiz is live"),
  answerEvaluated: msg("My evaluated answer is back"),
  revisionDue: msg("Revision cards are due"),
  liveClass: msg("A live class I asked to be reminded of starts in 15 minutes"),
  testResults: msg("My live test results are out, or my score changes after a key correction"),
  discussionReply: msg(
    "Someone replies to my post, a verified explanation is pinned on a question I discussed, or my error report is answered",
  ),
};

/** The words of each reminder, push and email alike, filled with the values on the server. */
export const NOTIFICATION_TEXTS = {
  quizLiveTitle: msg("Today's quiz is live"),
  quizLiveBody: msg('"{{title}}" is ready. Take it now and see where you stand.'),
  evaluatedTitle: msg("Your answer has been evaluated"),
  evaluatedBody: msg("A mentor has evaluated your Mains answer. See the comments and your marks."),
  revisionTitle: msg("Revision cards are due"),
  revisionBody: msg("Cards due for revision today: {{count}}. A few minutes keeps them fresh."),
  liveClassTitle: msg("Starting soon: {{title}}"),
  liveClassBody: msg("Your live class starts at {{time}} (India time). Join from the app."),
  testResultsTitle: msg("Results of {{title}} are out"),
  testResultsBody: msg("Your All-India rank: {{rank}} of {{of}}. See your score and the answers."),
  scoreChangedTitle: msg("Your score in {{title}} changed"),
  scoreChangedBody: msg(
    "A key was corrected and your attempt was graded again. See your new score in the review.",
  ),
  mainsResultsTitle: msg("Marks for {{title}} are out"),
  mainsResultsBody: msg(
    "Your Mains rank: {{rank}} of {{of}}. See your marks and the toppers' answers.",
  ),
  mainsReevaluatedTitle: msg("Your re-evaluation of {{title}} is done"),
  mainsReevaluatedBody: msg(
    "A second mentor marked your answers again. See the outcome and your rank.",
  ),
  scoreChangedRankBody: msg(
    "A key was corrected and your attempt was graded again: your score went from {{oldScore}} to {{newScore}} and your rank from {{oldRank}} to {{newRank}} of {{of}}.",
  ),
  scoreChangedScoreBody: msg(
    "A key was corrected and your attempt was graded again: your score went from {{oldScore}} to {{newScore}}.",
  ),
  discussionReplyTitle: msg("{{name}} replied to your post"),
  discussionReplyBody: msg("See the reply in the question's discussion."),
  explanationPinnedTitle: msg("A verified explanation was pinned"),
  explanationPinnedBody: msg(
    "A mentor pinned a verified explanation on a question you discussed. Read it in the discussion.",
  ),
  reportAnsweredTitle: msg("Your error report was answered"),
  reportAnsweredBody: msg("See what was decided about the question you reported."),
  emailOpen: msg("Open"),
  emailWhy: msg(
    "You get this email because push notifications are not on for your account. To stop these emails, unsubscribe (or change it in your profile):",
  ),
  emailUnsubscribe: msg("Unsubscribe"),
} as const;
