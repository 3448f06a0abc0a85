// `npm run icons`: renders src/web/public/favicon.svg to the PNG icons the web app manifest and
// iOS ask for (192 and 512 pixels, the 180-pixel apple-touch-icon, and a 512-pixel maskable icon).
// The PNGs are committed; run this again after changing the favicon.
//
// The square is filled edge to edge with the logo's blue (iOS paints transparent corners black).
// The maskable icon is for Android, which crops it to its own shape (a circle, a squircle): only
// the centre circle of 80 % of the width is sure to show, so the letter is drawn smaller, at
// MASKABLE_SCALE of the square, well inside that safe zone (decision 045).

import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const PUBLIC_DIR = path.join(import.meta.dirname, "..", "src", "web", "public");
const BLUE = "#1d4ed8";

const svg = readFileSync(path.join(PUBLIC_DIR, "favicon.svg"), "utf8")
  // Square corners: the platforms round (or mask) the icon themselves.
  .replace(/\srx="[^"]*"/, "");

/** How much of the maskable square the favicon's 32-unit square takes (its letter, 14 of 32). */
const MASKABLE_SCALE = 0.7;

const icons: [file: string, size: number][] = [
  ["icon-192.png", 192],
  ["icon-512.png", 512],
  ["apple-touch-icon.png", 180],
];

const render = (size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .flatten({ background: BLUE });

for (const [file, size] of icons) {
  await render(size).png({ compressionLevel: 9 }).toFile(path.join(PUBLIC_DIR, file));
  console.log(`${file}: ${size}x${size}`);
}

// The maskable icon: the logo at MASKABLE_SCALE, centred on a full square of its blue.
const MASKABLE_SIZE = 512;
const inner = Math.round(MASKABLE_SIZE * MASKABLE_SCALE);
const margin = Math.round((MASKABLE_SIZE - inner) / 2);
await render(inner)
  .extend({
    top: margin,
    bottom: MASKABLE_SIZE - inner - margin,
    left: margin,
    right: MASKABLE_SIZE - inner - margin,
    background: BLUE,
  })
  .png({ compressionLevel: 9 })
  .toFile(path.join(PUBLIC_DIR, "icon-maskable-512.png"));
console.log(`icon-maskable-512.png: ${MASKABLE_SIZE}x${MASKABLE_SIZE}`);
