import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PNG } from "pngjs";

/**
 * Draws the installable portal's icons (issue 71, decisions/404) into public/icons/, from the idea of
 * public/favicon.svg: a white cross on the portal's blue. Run once when the mark changes; the PNGs are
 * committed. `npx tsx scripts/draw-icons.ts`
 *
 * - icon-192.png, icon-512.png (purpose any): the favicon's rounded square (corner 6/32), clear outside;
 * - icon-maskable-512.png: blue to every edge, the cross inside the middle 60 % (the safe zone is the
 *   centred circle of 80 %), as a phone crops it to its own shape.
 */
const BLUE = [0x00, 0x5e, 0xb8] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
/** Samples per pixel side: the edges are smoothed by covering each pixel with 4 × 4 samples. */
const SAMPLES = 4;

/** The favicon's cross in its 32-unit square: bars 6 wide from 6 to 26. */
const inCross = (x: number, y: number) => (x >= 13 && x <= 19 && y >= 6 && y <= 26) || (y >= 13 && y <= 19 && x >= 6 && x <= 26);

/** Inside the favicon's square with corners rounded by 6 units. */
function inRoundedSquare(x: number, y: number): boolean {
  const r = 6;
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  return x >= 0 && x <= 32 && y >= 0 && y <= 32 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** One icon of `size` pixels: `colourAt` gives each sample (in the favicon's 32 units) a colour, or none (clear). */
function draw(size: number, colourAt: (x: number, y: number) => readonly [number, number, number] | null): Buffer {
  const png = new PNG({ width: size, height: size, colorType: 6 });
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = colourAt(((px + (sx + 0.5) / SAMPLES) * 32) / size, ((py + (sy + 0.5) / SAMPLES) * 32) / size);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered++;
        }
      }
      const i = (py * size + px) * 4;
      png.data[i] = covered ? Math.round(r / covered) : 0;
      png.data[i + 1] = covered ? Math.round(g / covered) : 0;
      png.data[i + 2] = covered ? Math.round(b / covered) : 0;
      png.data[i + 3] = Math.round((covered * 255) / SAMPLES ** 2);
    }
  }
  return PNG.sync.write(png, { deflateLevel: 9, colorType: 6 });
}

const favicon = (x: number, y: number) => (!inRoundedSquare(x, y) ? null : inCross(x, y) ? WHITE : BLUE);
/** The favicon's cross spans 20 of its 32 units; in the maskable icon it spans 60 % of the side, inside the safe circle. */
const MASKABLE_SCALE = (0.6 * 32) / 20;
/** The maskable icon: the favicon's cross scaled about the middle, on blue everywhere. */
const maskable = (x: number, y: number) => (inCross(16 + (x - 16) / MASKABLE_SCALE, 16 + (y - 16) / MASKABLE_SCALE) ? WHITE : BLUE);

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "../public/icons");
mkdirSync(folder, { recursive: true });
for (const [name, size, colourAt] of [
  ["icon-192.png", 192, favicon],
  ["icon-512.png", 512, favicon],
  ["icon-maskable-512.png", 512, maskable],
] as const) {
  const file = draw(size, colourAt);
  writeFileSync(path.join(folder, name), file);
  console.log(`public/icons/${name}: ${file.length} bytes`);
}
