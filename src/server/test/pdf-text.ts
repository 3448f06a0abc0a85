import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text of a PDF as pdf.js reads it (as a reader's viewer would), one string per line of the
 * page: the pieces on one baseline joined by a space, lines top-down, pages in order.
 */
export async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const data = bytes instanceof Uint8Array ? new Uint8Array(bytes) : new Uint8Array(bytes);
  const document = await getDocument({
    data,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const lines: string[] = [];
  try {
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const byLine = new Map<number, { x: number; text: string }[]>();
      for (const item of content.items) {
        if (!("str" in item) || !item.str.trim()) continue;
        const y = Math.round(item.transform[5] as number);
        const x = item.transform[4] as number;
        byLine.set(y, [...(byLine.get(y) ?? []), { x, text: item.str.trim() }]);
      }
      for (const y of [...byLine.keys()].sort((a, b) => b - a)) {
        const pieces = (byLine.get(y) ?? []).sort((a, b) => a.x - b.x);
        lines.push(pieces.map((piece) => piece.text).join(" "));
      }
    }
  } finally {
    await document.destroy();
  }
  return lines;
}
