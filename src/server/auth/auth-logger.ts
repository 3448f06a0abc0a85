import type { Logger as BetterAuthLogger } from "better-auth";
import type { Logger } from "../lib/logger.ts";

const describe = (value: unknown) =>
  value instanceof Error ? value.message : typeof value === "string" ? value : String(value);

/**
 * Sends better-auth's own warnings and errors through the app's logger, so they come out in the
 * same format (JSON lines or readable lines) and obey LOG_LEVEL, instead of better-auth's
 * coloured console lines in the middle of a JSON log.
 */
export function toBetterAuthLogger(logger: Logger): BetterAuthLogger {
  return {
    disabled: logger.level === "silent",
    level: logger.level === "silent" ? "error" : logger.level,
    disableColors: true,
    log: (level, message, ...args) =>
      logger[level](message, {
        source: "better-auth",
        ...(args.length > 0 ? { details: args.map(describe) } : {}),
      }),
  };
}
