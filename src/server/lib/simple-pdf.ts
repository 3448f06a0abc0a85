/**
 * A small PDF writer for documents the server builds itself (the demo quiz's sample PDF, tax
 * invoices): pages of positioned text in Helvetica and Helvetica-Bold and straight lines, no
 * dependency. Text is WinAnsi (Latin-1): other characters print as "?" (decision 040).
 */
export type PdfText = { x: number; y: number; text: string; size?: number; bold?: boolean };
export type PdfLine = { x1: number; y1: number; x2: number; y2: number };
export type PdfPage = { texts: PdfText[]; lines?: PdfLine[] };

/** A4 in points. */
export const PDF_PAGE = { width: 595, height: 842 } as const;

/** The text as a PDF string literal's contents, in WinAnsi bytes. */
function pdfString(value: string): string {
  let out = "";
  for (const char of value.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 63;
    const byte = code >= 0x20 && code <= 0xff && !(code >= 0x7f && code < 0xa0) ? code : 63;
    const c = String.fromCharCode(byte);
    out += c === "(" || c === ")" || c === "\\" ? `\\${c}` : c;
  }
  return out;
}

/** Helvetica's advance widths (per 1000 units of the size) for the characters invoices use. */
const NARROW = new Set([" ", ".", ",", ":", ";", "/", "-", "(", ")", "i", "l", "j", "t", "f", "I"]);
function advance(char: string, bold: boolean): number {
  if (/[0-9]/.test(char)) return 556;
  if (NARROW.has(char)) return char === "-" || char === "/" ? 333 : 278;
  if (/[A-Z]/.test(char)) return bold ? 722 : 667;
  if (char === "m" || char === "w") return bold ? 889 : 833;
  return bold ? 611 : 556;
}

/** The width of a line in points: enough to wrap lines and right-align figures. */
export function textWidth(value: string, size: number, bold = false): number {
  let units = 0;
  for (const char of value) units += advance(char, bold);
  return (units * size) / 1000;
}

/** Splits text into lines of at most `width` points at the given size. */
export function wrapText(value: string, width: number, size: number): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && textWidth(next, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    lines.push(line);
  }
  return lines;
}

function pageContent(page: PdfPage): string {
  const texts = page.texts.map(
    (t) =>
      `BT /${t.bold ? "F2" : "F1"} ${t.size ?? 11} Tf ${t.x.toFixed(2)} ${t.y.toFixed(2)} Td (${pdfString(t.text)}) Tj ET`,
  );
  const lines = (page.lines ?? []).map((l) => `${l.x1} ${l.y1} m ${l.x2} ${l.y2} l S`);
  return [...(lines.length ? ["0.6 w 0.6 G", ...lines] : []), ...texts].join("\n");
}

/** The PDF file's bytes. */
export function buildPdf(pages: PdfPage[], info: { title?: string } = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  const firstPage = 5;
  const kids = pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(" ");
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  for (const [i, page] of pages.entries()) {
    const content = pageContent(page);
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PDF_PAGE.width} ${PDF_PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPage + i * 2 + 1} 0 R >>`,
    );
    add(`<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`);
  }
  const infoRef = info.title ? objects.length + 1 : null;
  if (info.title) add(`<< /Title (${pdfString(info.title)}) /Producer (UPSC Prep) >>`);
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  const infoEntry = infoRef ? ` /Info ${infoRef} 0 R` : "";
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${infoEntry} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
