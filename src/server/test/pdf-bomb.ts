import { deflateSync } from "node:zlib";

/**
 * A small PDF that pdf-lib takes seconds and hundreds of megabytes to open: one object stream
 * (/Type /ObjStm, /FlateDecode) whose few kilobytes inflate to a string literal `inflatedBytes`
 * long, which pdf-lib's parser reads one character at a time while counting pages. About 1 KB
 * per MB inflated; 20 MB took pdf-lib about 8 s on the request thread before decision 057.
 */
export function objectStreamBomb(inflatedBytes: number): Buffer {
  const header = "1 0 ";
  const inflated = Buffer.concat([Buffer.from(`${header}(`), Buffer.alloc(inflatedBytes, "a")]);
  const stream = deflateSync(inflated, { level: 9 });
  const parts: Buffer[] = [];
  let length = 0;
  const offsets: number[] = [];
  const push = (part: string | Buffer) => {
    const bytes = typeof part === "string" ? Buffer.from(part, "latin1") : part;
    parts.push(bytes);
    length += bytes.length;
  };
  push("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  offsets[1] = length;
  push(
    `2 0 obj\n<< /Type /ObjStm /N 1 /First ${header.length} /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`,
  );
  push(stream);
  push("\nendstream\nendobj\n");
  offsets[2] = length;
  push("3 0 obj\n<< /Type /Catalog /Pages 4 0 R >>\nendobj\n");
  offsets[3] = length;
  push("4 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n");
  const xref = length;
  const entry = (offset: number | undefined) => `${String(offset).padStart(10, "0")} 00000 n \n`;
  push(
    `xref\n0 5\n0000000000 65535 f \n0000000000 65535 f \n${entry(offsets[1])}${entry(offsets[2])}${entry(offsets[3])}`,
  );
  push(`trailer\n<< /Size 5 /Root 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
