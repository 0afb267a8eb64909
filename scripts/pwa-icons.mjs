/**
 * Draws the web app's icons (decision 244) as PNG files into apps/web/public/icons: a blue square with a white
 * signal (a mast with two lamps), in the sizes the manifest names, plus a maskable one whose drawing keeps to the
 * safe zone. Pure node (zlib for the PNG stream); run `node scripts/pwa-icons.mjs` after changing the drawing.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const BLAU = [0x3b, 0x5b, 0xdb];
const WEISS = [0xff, 0xff, 0xff];
const GELB = [0xfc, 0xc4, 0x19];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

/** RGBA pixels of one icon; `rand` is the share of the edge kept free (maskable: the safe zone). */
const zeichne = (size, { rund, rand }) => {
  const px = Buffer.alloc(size * size * 4);
  const r = size * 0.18; // corner radius of the non-maskable icon
  const innen = (x, y) => {
    if (!rund) return true;
    const cx = Math.min(Math.max(x, r), size - r);
    const cy = Math.min(Math.max(y, r), size - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  const s = size * (1 - 2 * rand); // the drawing's box
  const o = size * rand;
  const kreis = (x, y, mx, my, rr) => (x - mx) ** 2 + (y - my) ** 2 <= rr * rr;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const fx = x + 0.5;
      const fy = y + 0.5;
      if (!innen(fx, fy)) continue; // transparent corner
      let farbe = BLAU;
      // the signal's head: a white rounded box with two lamps, on a mast
      const kx0 = o + s * 0.32;
      const kx1 = o + s * 0.68;
      const ky0 = o + s * 0.12;
      const ky1 = o + s * 0.62;
      const mast = fx > o + s * 0.45 && fx < o + s * 0.55 && fy > ky1 && fy < o + s * 0.9;
      const fuss = fx > o + s * 0.3 && fx < o + s * 0.7 && fy > o + s * 0.84 && fy < o + s * 0.9;
      const kopf = fx > kx0 && fx < kx1 && fy > ky0 && fy < ky1;
      if (kopf || mast || fuss) farbe = WEISS;
      if (kreis(fx, fy, o + s * 0.5, o + s * 0.25, s * 0.1)) farbe = GELB;
      if (kreis(fx, fy, o + s * 0.5, o + s * 0.49, s * 0.1)) farbe = BLAU;
      px[i] = farbe[0];
      px[i + 1] = farbe[1];
      px[i + 2] = farbe[2];
      px[i + 3] = 0xff;
    }
  return px;
};

const png = (size, art) => {
  const px = zeichne(size, art);
  const roh = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    roh[y * (size * 4 + 1)] = 0; // filter: none
    px.copy(roh, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(roh, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const ziel = path.resolve(import.meta.dirname, '../apps/web/public/icons');
const icons = [
  ['icon-64.png', 64, { rund: true, rand: 0.06 }],
  ['icon-192.png', 192, { rund: true, rand: 0.06 }],
  ['icon-512.png', 512, { rund: true, rand: 0.06 }],
  ['icon-maskable-512.png', 512, { rund: false, rand: 0.2 }],
  ['apple-touch-icon-180.png', 180, { rund: false, rand: 0.1 }],
];
for (const [name, size, art] of icons) writeFileSync(path.join(ziel, name), png(size, art));
console.log(`${icons.length} icons written to ${ziel}`);
