#!/usr/bin/env node
/**
 * Draws Cadenza's icon in code and writes the files electron-builder packages (no binary art in
 * git is needed; the outputs are small and can be regenerated at any time):
 *
 *   resources/icon.png        512×512 (Linux; electron-builder's fallback for every platform)
 *   resources/icons/<N>x<N>.png  16…512 (Linux icon theme sizes)
 *   resources/icon.ico        16, 32, 48, 256 (Windows; PNG-compressed entries)
 *   resources/icon.icns       32, 64, 256, 512, 1024 (macOS; PNG-compressed entries)
 *
 * The motif: five rounded bars of a level meter on a violet rounded square. Plain Node (zlib).
 * Usage: node scripts/make-icons.mjs [outDir]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

const outDir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'resources'));

// ---- drawing: coverage of signed-distance shapes, 4×4 supersampled ----

const BG_TOP = [124, 77, 255];
const BG_BOTTOM = [66, 32, 158];
const BAR = [255, 255, 255];
const BAR_HEIGHTS = [0.2, 0.36, 0.48, 0.3, 0.16]; // bars stand on y = 0.74

function roundedBox(px, py, cx, cy, hw, hh, r) {
  const qx = Math.abs(px - cx) - hw + r;
  const qy = Math.abs(py - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** RGBA pixels of the icon at `size`×`size`. */
export function drawIcon(size) {
  const px = Buffer.alloc(size * size * 4);
  const ss = 4;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let bgCover = 0;
      let barCover = 0;
      for (let sy = 0; sy < ss; sy += 1) {
        for (let sx = 0; sx < ss; sx += 1) {
          const u = (x + (sx + 0.5) / ss) / size; // 0..1
          const v = (y + (sy + 0.5) / ss) / size;
          if (roundedBox(u, v, 0.5, 0.5, 0.42, 0.42, 0.1) > 0) continue;
          bgCover += 1;
          for (let i = 0; i < BAR_HEIGHTS.length; i += 1) {
            const h = BAR_HEIGHTS[i];
            const cx = 0.26 + i * 0.12;
            if (roundedBox(u, v, cx, 0.74 - h / 2, 0.035, h / 2, 0.035) <= 0) {
              barCover += 1;
              break;
            }
          }
        }
      }
      const a = bgCover / (ss * ss);
      const b = barCover / (ss * ss);
      const t = y / (size - 1);
      const o = (y * size + x) * 4;
      for (let c = 0; c < 3; c += 1) {
        const bg = BG_TOP[c] + (BG_BOTTOM[c] - BG_TOP[c]) * t;
        px[o + c] = Math.round(a > 0 ? (bg * (a - b) + BAR[c] * b) / a : 0);
      }
      px[o + 3] = Math.round(a * 255);
    }
  }
  return px;
}

// ---- PNG ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- ICO (PNG entries, Vista+) and ICNS (PNG entries) ----

export function encodeIco(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(pngs.length, 4);
  const dir = Buffer.alloc(16 * pngs.length);
  let offset = 6 + dir.length;
  pngs.forEach(({ size, data }, i) => {
    const o = i * 16;
    dir[o] = size >= 256 ? 0 : size;
    dir[o + 1] = size >= 256 ? 0 : size;
    dir.writeUInt16LE(1, o + 4); // planes
    dir.writeUInt16LE(32, o + 6); // bits per pixel
    dir.writeUInt32LE(data.length, o + 8);
    dir.writeUInt32LE(offset, o + 12);
    offset += data.length;
  });
  return Buffer.concat([header, dir, ...pngs.map((p) => p.data)]);
}

const ICNS_TYPES = { 32: 'ic11', 64: 'ic12', 256: 'ic08', 512: 'ic09', 1024: 'ic10' };

export function encodeIcns(pngs) {
  const entries = pngs.map(({ size, data }) => {
    const head = Buffer.alloc(8);
    head.write(ICNS_TYPES[size], 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const body = Buffer.concat(entries);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

// ---- main ----

const cache = new Map();
const png = (size) => {
  if (!cache.has(size)) cache.set(size, encodePng(size, drawIcon(size)));
  return cache.get(size);
};

mkdirSync(join(outDir, 'icons'), { recursive: true });
const written = [];
const write = (name, data) => {
  writeFileSync(join(outDir, name), data);
  written.push(`${name} (${data.length} bytes)`);
};
write('icon.png', png(512));
for (const size of [16, 32, 48, 64, 128, 256, 512])
  write(join('icons', `${size}x${size}.png`), png(size));
write('icon.ico', encodeIco([16, 32, 48, 256].map((size) => ({ size, data: png(size) }))));
write('icon.icns', encodeIcns([32, 64, 256, 512, 1024].map((size) => ({ size, data: png(size) }))));
console.log(`icons written to ${outDir}:\n  ${written.join('\n  ')}`);
