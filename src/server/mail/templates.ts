import type { UiLanguage } from "../../shared/i18n/languages.ts";
import { MAIL_TEXTS } from "../../shared/mail-texts.ts";
import { translatorFor } from "../lib/translate.ts";
import type { MailMessage } from "./mailer.ts";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkMessage(
  language: UiLanguage,
  mail: { to: string; subject: string; intro: string; action: string; url: string },
) {
  const t = translatorFor(language);
  const ignore = t(MAIL_TEXTS.ignore);
  const text = `${mail.intro}\n\n${mail.action}: ${mail.url}\n\n${ignore}`;
  const html = `<p>${escapeHtml(mail.intro)}</p><p><a href="${escapeHtml(mail.url)}">${escapeHtml(mail.action)}</a></p><p>${escapeHtml(ignore)}</p>`;
  return { to: mail.to, subject: mail.subject, text, html } satisfies MailMessage;
}

/** The sign-up confirmation, in the recipient's language (`language`). */
export function verificationEmail(
  to: string,
  appTitle: string,
  url: string,
  language: UiLanguage = "en",
): MailMessage {
  const t = translatorFor(language);
  return linkMessage(language, {
    to,
    subject: t(MAIL_TEXTS.verifySubject, { appTitle }),
    intro: t(MAIL_TEXTS.verifyIntro, { appTitle }),
    action: t(MAIL_TEXTS.verifyAction),
    url,
  });
}

export function resetPasswordEmail(
  to: string,
  appTitle: string,
  url: string,
  language: UiLanguage = "en",
): MailMessage {
  const t = translatorFor(language);
  return linkMessage(language, {
    to,
    subject: t(MAIL_TEXTS.resetSubject, { appTitle }),
    intro: t(MAIL_TEXTS.resetIntro),
    action: t(MAIL_TEXTS.resetAction),
    url,
  });
}
