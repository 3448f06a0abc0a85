import type { UiLanguage } from "../../shared/i18n/languages.ts";
import { MAIL_TEXTS } from "../../shared/mail-texts.ts";
import { NOTIFICATION_TEXTS } from "../../shared/notifications.ts";
import { formatPrice } from "../../shared/plan-display.ts";
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

/** To the student when a mentor publishes the evaluation of their answer (decision 042). */
export function answerEvaluatedEmail(
  to: string,
  mail: { appTitle: string; question: string; marks: number; outOf: number; url: string },
  language: UiLanguage = "en",
): MailMessage {
  const t = translatorFor(language);
  const question = mail.question.length > 120 ? `${mail.question.slice(0, 117)}...` : mail.question;
  return linkMessage(language, {
    to,
    subject: t(MAIL_TEXTS.evaluatedSubject, { appTitle: mail.appTitle }),
    intro: t(MAIL_TEXTS.evaluatedIntro, { question, marks: mail.marks, outOf: mail.outOf }),
    action: t(MAIL_TEXTS.evaluatedAction),
    url: mail.url,
  });
}

/** An invitation to become a mentor (decision 042); the link carries a single-use token. */
export function mentorInvitationEmail(
  to: string,
  appTitle: string,
  url: string,
  language: UiLanguage = "en",
): MailMessage {
  const t = translatorFor(language);
  return linkMessage(language, {
    to,
    subject: t(MAIL_TEXTS.mentorInviteSubject, { appTitle }),
    intro: t(MAIL_TEXTS.mentorInviteIntro, { appTitle }),
    action: t(MAIL_TEXTS.mentorInviteAction),
    url,
  });
}

function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** A new support request, to the team's contact address; Reply-To is the person who asked. */
export function supportTicketEmail(
  to: string,
  appTitle: string,
  ticket: { name: string; email: string; subject: string; message: string; adminUrl: string },
): MailMessage {
  const intro = `${ticket.name} <${ticket.email}> wrote through the ${appTitle} support form:`;
  return {
    to,
    replyTo: ticket.email,
    subject: `[${appTitle} support] ${ticket.subject}`,
    text: `${intro}\n\n${ticket.message}\n\nAnswer it at ${ticket.adminUrl}`,
    html: `<p>${escapeHtml(intro)}</p>${paragraphs(ticket.message)}<p><a href="${escapeHtml(ticket.adminUrl)}">Answer it in the admin area</a></p>`,
  };
}

/** The team's answer to a support request, to the person who asked; replies reach the team. */
export function supportAnswerEmail(
  to: string,
  team: { appTitle: string; contactEmail: string },
  ticket: { name: string; subject: string; message: string; answer: string; closed: boolean },
): MailMessage {
  const greeting = `Dear ${ticket.name},`;
  const closing = ticket.closed
    ? "We have closed this request. If you need more help, send a new request from the Support page."
    : "If you need more help, reply to this email.";
  const quoted = ticket.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const { appTitle } = team;
  return {
    to,
    replyTo: team.contactEmail,
    subject: `Re: ${ticket.subject}`,
    text: `${greeting}\n\n${ticket.answer}\n\n${closing}\n\n${appTitle} support\n\nYou wrote:\n${quoted}`,
    html: `<p>${escapeHtml(greeting)}</p>${paragraphs(ticket.answer)}<p>${escapeHtml(closing)}</p><p>${escapeHtml(appTitle)} support</p><blockquote>${paragraphs(ticket.message)}</blockquote>`,
  };
}

/** A live class the student asked to be reminded of starts soon (decision 043). */
export function liveClassReminderEmail(
  to: string,
  mail: { title: string; teacher: string; startsAt: Date; minutes: number; url: string },
  language: UiLanguage = "en",
): MailMessage {
  const t = translatorFor(language);
  const time = new Intl.DateTimeFormat(language === "hi" ? "hi-IN" : "en-IN", {
    timeZone: "Asia/Kolkata",
    dateStyle: "medium",
    timeStyle: "short",
  }).format(mail.startsAt);
  return linkMessage(language, {
    to,
    subject: t(MAIL_TEXTS.liveClassSubject, { title: mail.title }),
    intro: t(MAIL_TEXTS.liveClassIntro, {
      title: mail.title,
      teacher: mail.teacher,
      time,
      minutes: mail.minutes,
    }),
    action: t(MAIL_TEXTS.liveClassAction),
    url: mail.url,
  });
}

/**
 * To the student when a captured payment activated their plan: the plan, the amount, until when
 * it runs (India's calendar), the tax invoice's number and the receipt page, which downloads it.
 */
export function paymentReceivedEmail(
  to: string,
  mail: {
    appTitle: string;
    plan: string;
    amountPaise: number;
    currency: string;
    /** Null: a lifetime plan. */
    validUntil: Date | null;
    invoiceNumber: string;
    url: string;
  },
  language: UiLanguage = "en",
): MailMessage {
  const t = translatorFor(language);
  const date = mail.validUntil
    ? new Intl.DateTimeFormat(language === "hi" ? "hi-IN" : "en-IN", {
        timeZone: "Asia/Kolkata",
        dateStyle: "long",
      }).format(mail.validUntil)
    : null;
  const lines = [
    t(MAIL_TEXTS.paymentIntro, {
      amount: formatPrice(mail.amountPaise / 100, mail.currency),
      plan: mail.plan,
    }),
    date ? t(MAIL_TEXTS.paymentValidUntil, { date }) : t(MAIL_TEXTS.paymentLifetime),
    ...(mail.invoiceNumber ? [t(MAIL_TEXTS.paymentInvoice, { number: mail.invoiceNumber })] : []),
  ];
  const action = t(MAIL_TEXTS.paymentAction);
  return {
    to,
    subject: t(MAIL_TEXTS.paymentSubject, { plan: mail.plan, appTitle: mail.appTitle }),
    text: `${lines.join("\n")}\n\n${action}: ${mail.url}`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(mail.url)}">${escapeHtml(action)}</a></p>`,
  };
}

/**
 * A reminder emailed because the student has no device subscribed to push (decision 044): the
 * reminder's words, its link, and a one-click unsubscribe, both in the text (a page that asks
 * before it changes anything, since mail scanners follow links) and as the List-Unsubscribe
 * headers of RFC 8058, which mail apps POST to directly.
 */
export function reminderEmail(
  to: string,
  mail: {
    title: string;
    body: string;
    url: string;
    unsubscribePage: string;
    unsubscribePost: string;
  },
  language: UiLanguage = "en",
): MailMessage {
  const t = translatorFor(language);
  const open = t(NOTIFICATION_TEXTS.emailOpen);
  const why = t(NOTIFICATION_TEXTS.emailWhy);
  return {
    to,
    subject: mail.title,
    text: `${mail.body}\n\n${open}: ${mail.url}\n\n${why} ${mail.unsubscribePage}`,
    html: `<p>${escapeHtml(mail.body)}</p><p><a href="${escapeHtml(mail.url)}">${escapeHtml(open)}</a></p><p style="color:#555;font-size:12px">${escapeHtml(why)} <a href="${escapeHtml(mail.unsubscribePage)}">${escapeHtml(t(NOTIFICATION_TEXTS.emailUnsubscribe))}</a></p>`,
    headers: {
      "List-Unsubscribe": `<${mail.unsubscribePost}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
