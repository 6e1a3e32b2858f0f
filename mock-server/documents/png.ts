import { crc32, deflateSync } from "node:zlib";

/**
 * A real PNG image (RGB, 8 bits per channel) drawn from a seed, like a clinical photo's subject; written by hand as only
 * the encoder's few lines are needed: signature, IHDR, one zlib-compressed IDAT, IEND (decisions/171).
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

export function seededPng(seed: number, width = 320, height = 240): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // compression, filter and interlace methods stay 0.

  const base = [200 + (seed % 40), 160 + ((seed >> 3) % 50), 140 + ((seed >> 6) % 40)];
  const cx = width * (0.35 + ((seed >> 9) % 30) / 100);
  const cy = height * (0.4 + ((seed >> 12) % 20) / 100);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // leading 0: no filter for this row
    for (let x = 0; x < width; x++) {
      const inside = ((x - cx) / (width * 0.12)) ** 2 + ((y - cy) / (height * 0.1)) ** 2 <= 1;
      const shade = Math.round(12 * Math.sin((x + y + seed) / 23));
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.max(0, Math.min(255, base[c] + shade - (inside ? 70 + c * 10 : 0)));
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}
