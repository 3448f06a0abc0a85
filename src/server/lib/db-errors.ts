/** PostgreSQL error code of a driver error (pg and PGlite both expose `code`), if any. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";

/** A unique violation of the named constraint (pg and PGlite both expose `constraint`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth += 1) {
    const pg = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (pg.code === UNIQUE_VIOLATION && pg.constraint === constraint) return true;
    current = pg.cause;
  }
  return false;
}
export const FOREIGN_KEY_VIOLATION = "23503";
export const CHECK_VIOLATION = "23514";

/**
 * The database could not answer this query because its connection was lost or refused (an
 * admin or failover ended it, PostgreSQL is restarting, the pool cannot connect): nothing was
 * committed by the failed statement, the pool replaces the connection, and trying again is
 * right. Class 08 is "connection exception"; 57P01-57P03 are admin/crash shutdown and "cannot
 * connect now"; node-postgres reports a socket closed mid-query without a code.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
      if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"].includes(code)) return true;
    }
    if (
      typeof message === "string" &&
      /^Connection terminated|^Client has encountered a connection error|^timeout exceeded when trying to connect/.test(
        message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
