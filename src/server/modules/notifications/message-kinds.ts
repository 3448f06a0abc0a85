import type { TFunction } from "i18next";
import type { UiLanguage } from "../../../shared/i18n/languages.ts";
import { NOTIFICATION_TEXTS, type NotificationType } from "../../../shared/notifications.ts";
import type { OutboxKind, OutboxPayload } from "../../db/schema/outbox.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import {
  answerEvaluatedEmail,
  liveClassReminderEmail,
  paymentReceivedEmail,
  supportAnswerEmail,
} from "../../mail/templates.ts";

/**
 * A reminder (decision 044): the student's switch for its kind, quiet hours, the daily cap, then
 * push to their devices, or email when the kind has an email fallback and they allow it.
 */
export type ReminderKind = {
  rules: "reminder";
  /** The student's switch that turns it off: its own name, or a related kind's. */
  preference: NotificationType;
  /**
   * Whether the dispatcher emails it when no device is subscribed. An evaluated answer and a
   * live class the student asked about already have their own mail (sent at publishing, and
   * 30 minutes before the class), so those are pushed only: never a second email.
   */
  emailFallback: boolean;
  urgency: "normal" | "high";
  /** Collapses an undelivered older message of the same kind at the push service. */
  topic?: string;
  /** Its words in the reader's language, from the values stored with it. */
  words: (
    data: OutboxPayload,
    t: TFunction,
    language: UiLanguage,
  ) => { title: string; body: string };
};

/** What a mail is rendered with at send time. */
export type MailContext = {
  to: string;
  language: UiLanguage;
  publicUrl: string;
  settings: { appTitle: string; contactEmail: string };
};

/** A mail that always goes (no switch, no quiet hours, no cap), to the account's address or `to`. */
export type MailKind = {
  rules: "mail";
  mail: (payload: OutboxPayload, context: MailContext) => MailMessage;
};

export type MessageKind = ReminderKind | MailKind;

const titleIn = (data: OutboxPayload, language: UiLanguage) =>
  String((language === "hi" && data.titleHi) || data.title || "");

/**
 * Everything that differs between the kinds of message, in one record keyed by kind: a new kind
 * is a name in OUTBOX_KINDS (db/schema/outbox.ts), one entry here, and the code that enqueues it.
 */
export const MESSAGE_KINDS: Record<OutboxKind, MessageKind> = {
  quizLive: {
    rules: "reminder",
    preference: "quizLive",
    emailFallback: true,
    urgency: "normal",
    topic: "quizLive",
    words: (data, t, language) => ({
      title: t(NOTIFICATION_TEXTS.quizLiveTitle),
      body: t(NOTIFICATION_TEXTS.quizLiveBody, { title: titleIn(data, language) }),
    }),
  },
  answerEvaluated: {
    rules: "reminder",
    preference: "answerEvaluated",
    emailFallback: false,
    urgency: "normal",
    words: (_data, t) => ({
      title: t(NOTIFICATION_TEXTS.evaluatedTitle),
      body: t(NOTIFICATION_TEXTS.evaluatedBody),
    }),
  },
  revisionDue: {
    rules: "reminder",
    preference: "revisionDue",
    emailFallback: true,
    urgency: "normal",
    topic: "revisionDue",
    words: (data, t) => ({
      title: t(NOTIFICATION_TEXTS.revisionTitle),
      body: t(NOTIFICATION_TEXTS.revisionBody, { count: Number(data.count ?? 0) }),
    }),
  },
  liveClass: {
    rules: "reminder",
    preference: "liveClass",
    emailFallback: false,
    urgency: "high",
    words: (data, t, language) => ({
      title: t(NOTIFICATION_TEXTS.liveClassTitle, { title: titleIn(data, language) }),
      body: t(NOTIFICATION_TEXTS.liveClassBody, {
        time: new Intl.DateTimeFormat(language === "hi" ? "hi-IN" : "en-IN", {
          timeZone: "Asia/Kolkata",
          timeStyle: "short",
        }).format(new Date(String(data.startsAt))),
      }),
    }),
  },
  // A live test's results were published: the student's All-India rank.
  testResults: {
    rules: "reminder",
    preference: "testResults",
    emailFallback: true,
    urgency: "normal",
    words: (data, t, language) => ({
      title: t(NOTIFICATION_TEXTS.testResultsTitle, { title: titleIn(data, language) }),
      body: t(NOTIFICATION_TEXTS.testResultsBody, {
        rank: Number(data.rank),
        of: Number(data.of),
      }),
    }),
  },
  // An admin corrected a key and the student's stored score or pass changed: the same switch as
  // the results (both tell of a test's result), not one of its own.
  scoreChanged: {
    rules: "reminder",
    preference: "testResults",
    emailFallback: true,
    urgency: "normal",
    words: (data, t, language) => ({
      title: t(NOTIFICATION_TEXTS.scoreChangedTitle, { title: titleIn(data, language) }),
      // A key change tells the old and new score (and rank, where the paper ranks); an admin's
      // regrade from the item analysis says only that it changed.
      body:
        data.newScore === undefined
          ? t(NOTIFICATION_TEXTS.scoreChangedBody)
          : data.newRank === undefined
            ? t(NOTIFICATION_TEXTS.scoreChangedScoreBody, {
                oldScore: data.oldScore,
                newScore: data.newScore,
              })
            : t(NOTIFICATION_TEXTS.scoreChangedRankBody, {
                oldScore: data.oldScore,
                newScore: data.newScore,
                oldRank: data.oldRank,
                newRank: data.newRank,
                of: data.of,
              }),
    }),
  },
  // Someone replied to the student's post in a question's discussion (decision 064).
  discussionReply: {
    rules: "reminder",
    preference: "discussionReply",
    emailFallback: false,
    urgency: "normal",
    topic: "discussionReply",
    words: (data, t) => ({
      title: t(NOTIFICATION_TEXTS.discussionReplyTitle, { name: String(data.name ?? "") }),
      body: t(NOTIFICATION_TEXTS.discussionReplyBody),
    }),
  },
  // A mentor or an admin pinned a verified explanation on a question the student posted on.
  explanationPinned: {
    rules: "reminder",
    preference: "discussionReply",
    emailFallback: false,
    urgency: "normal",
    words: (_data, t) => ({
      title: t(NOTIFICATION_TEXTS.explanationPinnedTitle),
      body: t(NOTIFICATION_TEXTS.explanationPinnedBody),
    }),
  },
  // An admin answered the student's "Report an error" (rejected with a reply, fixed, key changed).
  reportAnswered: {
    rules: "reminder",
    preference: "discussionReply",
    emailFallback: true,
    urgency: "normal",
    words: (_data, t) => ({
      title: t(NOTIFICATION_TEXTS.reportAnsweredTitle),
      body: t(NOTIFICATION_TEXTS.reportAnsweredBody),
    }),
  },
  // A Mains test's marks and ranks were published (decision 063): the same switch as a live
  // test's results.
  mainsResults: {
    rules: "reminder",
    preference: "testResults",
    emailFallback: true,
    urgency: "normal",
    words: (data, t, language) => ({
      title: t(NOTIFICATION_TEXTS.mainsResultsTitle, { title: titleIn(data, language) }),
      body: t(NOTIFICATION_TEXTS.mainsResultsBody, {
        rank: Number(data.rank),
        of: Number(data.of),
      }),
    }),
  },
  // The student's re-evaluation of a Mains booklet is done: its outcome and the new rank.
  mainsReevaluated: {
    rules: "reminder",
    preference: "testResults",
    emailFallback: true,
    urgency: "normal",
    words: (data, t, language) => ({
      title: t(NOTIFICATION_TEXTS.mainsReevaluatedTitle, { title: titleIn(data, language) }),
      body: t(NOTIFICATION_TEXTS.mainsReevaluatedBody),
    }),
  },
  // A mentor published the evaluation of the student's answer.
  evaluationMail: {
    rules: "mail",
    mail: (data, { to, language, publicUrl, settings }) =>
      answerEvaluatedEmail(
        to,
        {
          appTitle: settings.appTitle,
          question: String(data.question),
          marks: Number(data.marks),
          outOf: Number(data.outOf),
          url: `${publicUrl}${String(data.url)}`,
        },
        language,
      ),
  },
  // A live class the student asked to be reminded of starts in 30 minutes.
  liveClassMail: {
    rules: "mail",
    mail: (data, { to, language, publicUrl }) =>
      liveClassReminderEmail(
        to,
        {
          title: String(data.title),
          teacher: String(data.teacher),
          startsAt: new Date(String(data.startsAt)),
          minutes: Number(data.minutes),
          url: `${publicUrl}${String(data.url)}`,
        },
        language,
      ),
  },
  // The team's answer to a support request, at the address the request is answered at.
  supportAnswer: {
    rules: "mail",
    mail: (data, { to, settings }) =>
      supportAnswerEmail(to, settings, {
        name: String(data.name),
        subject: String(data.subject),
        message: String(data.message),
        answer: String(data.answer),
        closed: data.closed === true,
      }),
  },
  // A captured payment activated the student's plan: the receipt, always sent.
  paymentReceived: {
    rules: "mail",
    mail: (data, { to, language, publicUrl, settings }) =>
      paymentReceivedEmail(
        to,
        {
          appTitle: settings.appTitle,
          plan: String(data.plan),
          amountPaise: Number(data.amountPaise),
          currency: String(data.currency),
          validUntil: data.validUntil ? new Date(String(data.validUntil)) : null,
          invoiceNumber: String(data.invoiceNumber ?? ""),
          url: `${publicUrl}${String(data.url)}`,
        },
        language,
      ),
  },
};

export const isReminderKind = (kind: OutboxKind) => MESSAGE_KINDS[kind].rules === "reminder";

/** The reminder rules of a reminder kind. */
export function reminderKind(kind: OutboxKind): ReminderKind {
  const entry = MESSAGE_KINDS[kind];
  if (entry.rules !== "reminder") throw new Error(`${kind} is not a reminder`);
  return entry;
}
