// `npm run icons`: renders src/web/public/favicon.svg to the PNG icons the web app manifest and
// iOS ask for (192 and 512 pixels, and the 180-pixel apple-touch-icon). The PNGs are committed;
// run this again after changing the favicon.
//
// The square is filled edge to edge with the logo's blue (iOS paints transparent corners black,
// and Android crops a "maskable" icon to its own shape; the letter sits well inside the safe zone).

import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const PUBLIC_DIR = path.join(import.meta.dirname, "..", "src", "web", "public");
const BLUE = "#1d4ed8";

const svg = readFileSync(path.join(PUBLIC_DIR, "favicon.svg"), "utf8")
  // Square corners: the platforms round (or mask) the icon themselves.
  .replace(/\srx="[^"]*"/, "");

const icons: [file: string, size: number][] = [
  ["icon-192.png", 192],
  ["icon-512.png", 512],
  ["apple-touch-icon.png", 180],
];

for (const [file, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .flatten({ background: BLUE })
    .png({ compressionLevel: 9 })
    .toFile(path.join(PUBLIC_DIR, file));
  console.log(`${file}: ${size}x${size}`);
}
