import type { MailMessage } from "./mailer.ts";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkMessage(to: string, subject: string, intro: string, action: string, url: string) {
  const text = `${intro}\n\n${action}: ${url}\n\nIf you did not ask for this, you can ignore this email.`;
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>If you did not ask for this, you can ignore this email.</p>`;
  return { to, subject, text, html } satisfies MailMessage;
}

export function verificationEmail(to: string, appTitle: string, url: string): MailMessage {
  return linkMessage(
    to,
    `Verify your email for ${appTitle}`,
    `Welcome to ${appTitle}! Please confirm your email address.`,
    "Verify email",
    url,
  );
}

export function resetPasswordEmail(to: string, appTitle: string, url: string): MailMessage {
  return linkMessage(
    to,
    `Reset your ${appTitle} password`,
    "We received a request to reset your password. The link is valid for one hour.",
    "Reset password",
    url,
  );
}
