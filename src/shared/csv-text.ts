import { msg } from "./i18n/msg.ts";

export const CSV_TEXT_MESSAGES = {
  notUtf8: msg(
    'This CSV file is not saved as UTF-8, so its accented and Hindi letters would be lost. Save it again as "CSV UTF-8": in Excel, File > Save As > "CSV UTF-8 (Comma delimited)"; in LibreOffice, File > Save As > Text CSV, tick "Edit filter settings" and choose the character set "Unicode (UTF-8)".',
  ),
  empty: msg("The CSV file is empty."),
  nul: msg("The CSV file contains a null character (U+0000). Remove it and upload the file again."),
} as const;

export type DecodedCsv = { ok: true; text: string } | { ok: false; message: string };

/** The byte order marks we accept, and the encoding each one names. */
const BOMS = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
] as const;

/**
 * A CSV file's text, decoded strictly the same way on the server (the import) and in the browser
 * (its preview): UTF-8 with or without a BOM, or UTF-16 (LE or BE, as Excel's "Unicode Text")
 * with its BOM. Anything else (Windows-1252 from LibreOffice's default, Latin-1...) is refused
 * rather than guessed at, and so is text holding U+FFFD, the mark an earlier wrong conversion
 * leaves: replaced letters are never stored as questions.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  if (bytes.byteLength === 0) return { ok: false, message: CSV_TEXT_MESSAGES.empty };
  const bom = BOMS.find((b) => b.bytes.every((byte, i) => bytes[i] === byte));
  let text: string;
  try {
    // The decoder drops the encoding's own BOM.
    text = new TextDecoder(bom?.encoding ?? "utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: CSV_TEXT_MESSAGES.notUtf8 };
  }
  if (text.includes("\uFFFD")) return { ok: false, message: CSV_TEXT_MESSAGES.notUtf8 };
  if (text.includes("\u0000")) return { ok: false, message: CSV_TEXT_MESSAGES.nul };
  return { ok: true, text };
}
