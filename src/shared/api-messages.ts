import { msg } from "./i18n/msg.ts";

/**
 * The messages of the API's own failures (not a feature's): the server answers them in English,
 * the client shows them through `t()` (lib/error-message.ts), so they are marked here and have
 * their Hindi in the catalog (decision 039).
 */
export const API_MESSAGES = {
  notFound: msg("Not found."),
  loginRequired: msg("Please log in to continue."),
  forbidden: msg("You do not have permission to do this."),
  invalidInput: msg("Invalid input."),
  badRequest: msg("Bad request."),
  internal: msg("Something went wrong. Please try again."),
  bodyUnreadable: msg("The request body could not be read."),
  bodyTooLarge: msg("The request is too large."),
  databaseUnavailable: msg(
    "The service is briefly unavailable. Your answers are kept; please try again.",
  ),
  /** The client's own, when no answer came. */
  serverUnreachable: msg("The server cannot be reached. Please try again."),
  offline: msg("You appear to be offline. Check your connection and try again."),
  unexpected: msg("An unexpected error occurred."),
} as const;
