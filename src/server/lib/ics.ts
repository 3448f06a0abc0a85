/**
 * iCalendar (RFC 5545) text, for the "Add to calendar" files (live classes, Mains tests): dates in
 * UTC, TEXT values escaped, long lines folded, lines ended with CRLF.
 */

/** 20261124T103000Z */
export function icsUtc(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11): CRLF, a
 * lone LF and a lone CR each become `\n`, so no raw CR ends a line early in a calendar app.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Lines longer than 75 octets are folded: CRLF and a space (§3.1), never inside a UTF-8
 * character (Hindi titles are 3 bytes a letter).
 */
export function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The file: its lines folded, each ended with CRLF. */
export function icsFile(lines: readonly string[]): string {
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
