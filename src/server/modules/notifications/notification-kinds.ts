import type { TFunction } from "i18next";
import type { UiLanguage } from "../../../shared/i18n/languages.ts";
import { NOTIFICATION_TEXTS, type NotificationType } from "../../../shared/notifications.ts";

export type DeliveryData = Record<string, string | number>;

type Kind = {
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
    data: DeliveryData,
    t: TFunction,
    language: UiLanguage,
  ) => { title: string; body: string };
};

const titleIn = (data: DeliveryData, language: UiLanguage) =>
  String((language === "hi" && data.titleHi) || data.title || "");

/** Everything that differs between the kinds of reminder, in one record keyed by kind. */
export const NOTIFICATION_KINDS: Record<NotificationType, Kind> = {
  quizLive: {
    emailFallback: true,
    urgency: "normal",
    topic: "quizLive",
    words: (data, t, language) => ({
      title: t(NOTIFICATION_TEXTS.quizLiveTitle),
      body: t(NOTIFICATION_TEXTS.quizLiveBody, { title: titleIn(data, language) }),
    }),
  },
  answerEvaluated: {
    emailFallback: false,
    urgency: "normal",
    words: (_data, t) => ({
      title: t(NOTIFICATION_TEXTS.evaluatedTitle),
      body: t(NOTIFICATION_TEXTS.evaluatedBody),
    }),
  },
  revisionDue: {
    emailFallback: true,
    urgency: "normal",
    topic: "revisionDue",
    words: (data, t) => ({
      title: t(NOTIFICATION_TEXTS.revisionTitle),
      body: t(NOTIFICATION_TEXTS.revisionBody, { count: Number(data.count ?? 0) }),
    }),
  },
  liveClass: {
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
};
