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
} as const;
