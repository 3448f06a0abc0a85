import { buildPdf } from "../lib/simple-pdf.ts";

/**
 * A small, valid one-page PDF with a few lines of text (Helvetica), built in memory for the
 * demo quiz's "PDF" link, so the demo needs no binary file in the repository.
 */
export function buildSamplePdf(lines: string[]): Buffer {
  return buildPdf([
    {
      texts: lines.map((text, i) => ({ x: 56, y: 780 - i * 24, text, size: i === 0 ? 18 : 12 })),
    },
  ]);
}
