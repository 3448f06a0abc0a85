import { msg } from "./i18n/msg.ts";

/**
 * The words of the emails the server sends, in English (the key) and, through the Hindi catalog,
 * in the recipient's language (server/lib/translate.ts). Kept in shared code so check:i18n sees
 * every key and asks for its Hindi (decision 039).
 */
export const MAIL_TEXTS = {
  verifySubject: msg("Verify your email for {{appTitle}}"),
  verifyIntro: msg("Welcome to {{appTitle}}! Please confirm your email address."),
  verifyAction: msg("Verify email"),
  resetSubject: msg("Reset your {{appTitle}} password"),
  resetIntro: msg("We received a request to reset your password. The link is valid for one hour."),
  resetAction: msg("Reset password"),
  ignore: msg("If you did not ask for this, you can ignore this email."),
  evaluatedSubject: msg("Your answer has been evaluated on {{appTitle}}"),
  evaluatedIntro: msg(
    'A mentor has evaluated your answer to "{{question}}": {{marks}} out of {{outOf}}. See the annotated copy, the comments and the model answer.',
  ),
  evaluatedAction: msg("See your evaluated copy"),
  mentorInviteSubject: msg("You are invited to evaluate answers on {{appTitle}}"),
  mentorInviteIntro: msg(
    "You have been invited to join {{appTitle}} as a mentor and evaluate students' Mains answers. Sign in (or register) with this email address, then open the link. It is valid for 14 days.",
  ),
  mentorInviteAction: msg("Accept the invitation"),
  liveClassSubject: msg("Starting soon: {{title}}"),
  liveClassIntro: msg(
    'Your live class "{{title}}" with {{teacher}} starts at {{time}} (India time). The Join button opens {{minutes}} minutes before the start.',
  ),
  liveClassAction: msg("Open the live class"),
  paymentSubject: msg("Payment received: {{plan}} on {{appTitle}}"),
  paymentIntro: msg("Thank you. We received your payment of {{amount}} for {{plan}}."),
  paymentValidUntil: msg("Your plan is active until {{date}}."),
  paymentLifetime: msg("Your plan is active, with no end date."),
  paymentInvoice: msg("Tax invoice {{number}}."),
  paymentAction: msg("See your receipt and download the invoice"),
} as const;
