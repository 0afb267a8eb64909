import { deflateSync } from 'node:zlib';

/**
 * Pictures of the demo data, drawn in code so the repository carries no binary assets: vehicle photos
 * as PNG (the `fahrzeuge` bucket takes PNG or JPEG) and floor plans as SVG (bucket `grundrisse`).
 */

// --- PNG encoding (RGB, 8 bit, no interlace) -----------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

const crc32 = (data: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const pngChunk = (type: string, data: Buffer): Buffer => {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
};

/** Encodes `rgb` (width * height * 3 bytes, rows top to bottom) as a PNG file. */
export const encodePng = (width: number, height: number, rgb: Uint8Array): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

// --- Vehicle photo ---------------------------------------------------------------------------------------

type Rgb = readonly [number, number, number];

export type CarForm = 'kompakt' | 'kombi' | 'transporter';

const hexToRgb = (hex: string): Rgb => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
};

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

const inRoundedRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

/** Inside the quadrilateral with a horizontal top (tx0..tx1 at y0) and bottom (bx0..bx1 at y1). */
const inTrapezoid = (
  x: number,
  y: number,
  y0: number,
  y1: number,
  tx0: number,
  tx1: number,
  bx0: number,
  bx1: number,
) => {
  if (y < y0 || y > y1) return false;
  const t = (y - y0) / (y1 - y0);
  return x >= tx0 + (bx0 - tx0) * t && x <= tx1 + (bx1 - tx1) * t;
};

const inCircle = (x: number, y: number, cx: number, cy: number, r: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

const CABINS: Record<CarForm, { top: number; tx0: number; tx1: number; bx0: number; bx1: number }> = {
  kompakt: { top: 88, tx0: 170, tx1: 330, bx0: 120, bx1: 380 },
  kombi: { top: 86, tx0: 150, tx1: 388, bx0: 110, bx1: 400 },
  transporter: { top: 52, tx0: 60, tx1: 372, bx0: 60, bx1: 424 },
};

/** A side view of a car in `farbe` (hex) on a street, 480 x 300 pixels, 2 x 2 supersampled. */
export const drawCarPng = ({ farbe, form }: { farbe: string; form: CarForm }): Buffer => {
  const width = 480;
  const height = 300;
  const body = hexToRgb(farbe);
  const shade = mix(body, [0, 0, 0], 0.35);
  const glass: Rgb = [168, 196, 214];
  const cabin = CABINS[form];
  const colourAt = (x: number, y: number): Rgb => {
    // wheels in front of everything
    for (const cx of [140, 345]) {
      if (inCircle(x, y, cx, 222, 15)) return [200, 204, 210];
      if (inCircle(x, y, cx, 222, 36)) return [34, 34, 38];
    }
    // headlight, tail light, door line, handle
    if (inRoundedRect(x, y, 424, 156, 440, 170, 4)) return [255, 226, 130];
    if (inRoundedRect(x, y, 52, 156, 62, 172, 3)) return [200, 30, 30];
    if (inRoundedRect(x, y, 262, 168, 286, 174, 3)) return shade;
    if (Math.abs(x - 250) < 1.2 && y > cabin.top + 6 && y < 214) return shade;
    // windows (two panes split by the B pillar)
    const inset = 10;
    if (
      inTrapezoid(
        x,
        y,
        cabin.top + inset,
        140,
        cabin.tx0 + inset,
        cabin.tx1 - inset,
        cabin.bx0 + inset + 6,
        cabin.bx1 - inset - 6,
      ) &&
      Math.abs(x - 250) > 5
    ) {
      return mix(glass, [255, 255, 255], Math.max(0, (150 - y) / 200));
    }
    // cabin and lower body
    if (inTrapezoid(x, y, cabin.top, 146, cabin.tx0, cabin.tx1, cabin.bx0, cabin.bx1)) return body;
    if (inRoundedRect(x, y, 50, 136, 444, 222, 22)) return y > 200 ? shade : body;
    // wheel arches' shadow on the street, street, kerb, sky
    if (y > 252 && y < 262 && x > 80 && x < 420) return [70, 70, 74];
    if (y >= 240) return y < 246 ? [190, 190, 186] : [96, 98, 104];
    return mix([120, 170, 220], [236, 244, 250], y / 240);
  };
  const rgb = new Uint8Array(width * height * 3);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ] as const) {
        const c = colourAt(px + dx, py + dy);
        r += c[0];
        g += c[1];
        b += c[2];
      }
      const i = (py * width + px) * 3;
      rgb[i] = Math.round(r / 4);
      rgb[i + 1] = Math.round(g / 4);
      rgb[i + 2] = Math.round(b / 4);
    }
  }
  return encodePng(width, height, rgb);
};

// --- Tenant logo and privacy statement (spec §7: defaults for empty buckets) ------------------------------

/**
 * A small logo, 192 x 48 pixels: a rounded badge in `farbe` with three white bars (a stylised signal box)
 * on white, and a grey underline. PNG, like an uploaded logo.
 */
export const drawLogoPng = ({ farbe }: { farbe: string }): Buffer => {
  const width = 192;
  const height = 48;
  const colour = hexToRgb(farbe);
  const light = mix(colour, [255, 255, 255], 0.55);
  const colourAt = (x: number, y: number): Rgb => {
    if (inRoundedRect(x, y, 4, 4, 44, 44, 8)) {
      for (const [i, bar] of [14, 22, 30].entries())
        if (y >= bar && y < bar + 4 && x >= 12 && x < 36 - i * 6) return [255, 255, 255];
      return colour;
    }
    if (inRoundedRect(x, y, 54, 12, 186, 22, 3)) return colour;
    if (inRoundedRect(x, y, 54, 28, 150, 36, 3)) return light;
    return [255, 255, 255];
  };
  const rgb = new Uint8Array(width * height * 3);
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const c = colourAt(px + 0.5, py + 0.5);
      const i = (py * width + px) * 3;
      rgb[i] = c[0];
      rgb[i + 1] = c[1];
      rgb[i + 2] = c[2];
    }
  return encodePng(width, height, rgb);
};

/** Text for a PDF string literal: Latin-1 only, with its special characters escaped. */
const pdfText = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A one-page privacy statement as a valid PDF 1.4 (catalogue, page tree, one page with Helvetica text,
 * cross-reference table with exact byte offsets).
 */
export const writePrivacyPdf = ({
  mandantName,
  zeilen,
}: {
  mandantName: string;
  zeilen: readonly string[];
}) => {
  const lines = [`Datenschutzerkl\xe4rung - ${mandantName}`, '', ...zeilen];
  const content = [
    'BT',
    '/F1 12 Tf',
    '14 TL',
    '56 780 Td',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

// --- Floor plan ----------------------------------------------------------------------------------------

export type FloorPlanPlace = {
  bezeichnung: string;
  /** Centre of the place in plan coordinates (the SVG's viewBox units), stored in `leseraum.position`. */
  position: { x: number; y: number };
};

const SEAT_W = 64;
const SEAT_H = 34;
/** Top-left corner of each seat's chair: table t spans x 160..720; two seats above it, two below. */
const seatCorners = Array.from({ length: 20 }, (_, i) => {
  const t = Math.floor(i / 4);
  const k = i % 4;
  const y = 140 + t * 128;
  return { x: k % 2 === 0 ? 250 : 560, y: k < 2 ? y - SEAT_H - 6 : y + 44 + 6 };
});

export const FLOOR_PLAN_SEATS: readonly FloorPlanPlace[] = seatCorners.map((c, i) => ({
  bezeichnung: `Platz ${String(i + 1).padStart(2, '0')}`,
  position: { x: c.x + SEAT_W / 2, y: c.y + SEAT_H / 2 },
}));
export const FLOOR_PLAN_GROUP_ROOMS: readonly FloorPlanPlace[] = [
  { bezeichnung: 'Gruppenraum 1', position: { x: 1020, y: 210 } },
  { bezeichnung: 'Gruppenraum 2', position: { x: 1020, y: 590 } },
];

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A reading room of 1200 x 800 units: outer walls with an entrance, five tables with four chairs each, a
 * shelf wall and two group rooms behind an inner wall with doors. The plan is the background only: the
 * bookable places are drawn over it by the app at their stored positions (FLOOR_PLAN_SEATS, …_GROUP_ROOMS).
 */
export const drawFloorPlanSvg = ({ titel }: { titel: string }): string => {
  const parts: string[] = [];
  for (let t = 0; t < 5; t++) {
    const y = 140 + t * 128;
    parts.push(
      `<rect x="160" y="${y}" width="560" height="44" rx="6" fill="#d9c4a3" stroke="#8a6d45" stroke-width="2"/>`,
    );
  }
  for (const c of seatCorners)
    parts.push(
      `<rect x="${c.x}" y="${c.y}" width="${SEAT_W}" height="${SEAT_H}" rx="8" fill="#ffffff" stroke="#9aa7b4" stroke-width="2"/>`,
    );
  // Group rooms behind the inner wall at x = 860.
  const rooms = [
    { room: FLOOR_PLAN_GROUP_ROOMS[0]!, y: 40, h: 340, plaetze: 6 },
    { room: FLOOR_PLAN_GROUP_ROOMS[1]!, y: 420, h: 340, plaetze: 8 },
  ];
  for (const { room, y, h, plaetze } of rooms) {
    const tableW = plaetze === 6 ? 110 : 150;
    parts.push(
      `<rect x="880" y="${y}" width="280" height="${h}" fill="#eef4ea" stroke="#4c7a3d" stroke-width="3"/>` +
        `<rect x="${1020 - tableW / 2}" y="${y + h / 2 - 60}" width="${tableW}" height="120" rx="10" fill="#d9c4a3" stroke="#8a6d45" stroke-width="2"/>` +
        `<text x="1020" y="${y + 34}" font-family="sans-serif" font-size="20" text-anchor="middle" fill="#2e4a25">${escapeXml(room.bezeichnung)}</text>` +
        `<text x="1020" y="${y + h - 20}" font-family="sans-serif" font-size="15" text-anchor="middle" fill="#2e4a25">${plaetze} Plätze</text>`,
    );
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800">',
    `<title>${escapeXml(titel)}</title>`,
    '<rect x="0" y="0" width="1200" height="800" fill="#f7f5f0"/>',
    // outer walls with the entrance gap at the bottom (x 380..480)
    '<path d="M 380 780 L 20 780 L 20 20 L 1180 20 L 1180 780 L 480 780" fill="none" stroke="#333333" stroke-width="10"/>',
    // inner wall with a door to each group room (y 300..360 and 680..740)
    '<path d="M 860 20 L 860 300 M 860 360 L 860 400 L 1180 400 M 860 400 L 860 680 M 860 740 L 860 780" fill="none" stroke="#333333" stroke-width="8"/>',
    // shelves along the left wall
    '<rect x="36" y="60" width="40" height="640" fill="#b89c74" stroke="#6f5634" stroke-width="2"/>',
    '<text x="56" y="380" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#3d2f1c" transform="rotate(-90 56 380)">Regale</text>',
    '<text x="430" y="768" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#333333">Eingang</text>',
    `<text x="440" y="60" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#333333">${escapeXml(titel)}</text>`,
    ...parts,
    '</svg>',
  ].join('\n');
};

/** The workspace demo (Arbeitswelt): twelve desks in three rows of four, 1000 x 600 units. */
export const DESK_PLAN_DESKS: readonly FloorPlanPlace[] = Array.from({ length: 12 }, (_, i) => ({
  bezeichnung: `Schreibtisch ${String(i + 1).padStart(2, '0')}`,
  position: { x: 170 + (i % 4) * 220, y: 160 + Math.floor(i / 4) * 160 },
}));

/** An open-plan office: outer walls with a door, twelve desks with a chair each, a kitchenette. */
export const drawDeskPlanSvg = ({ titel }: { titel: string }): string =>
  [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 600" width="1000" height="600">',
    `<title>${escapeXml(titel)}</title>`,
    '<rect x="0" y="0" width="1000" height="600" fill="#f4f6f8"/>',
    '<path d="M 440 580 L 20 580 L 20 20 L 980 20 L 980 580 L 540 580" fill="none" stroke="#333333" stroke-width="10"/>',
    `<text x="500" y="58" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#333333">${escapeXml(titel)}</text>`,
    '<text x="490" y="568" font-family="sans-serif" font-size="15" text-anchor="middle" fill="#333333">Eingang</text>',
    '<rect x="880" y="440" width="80" height="120" fill="#dfe7ee" stroke="#5b6f80" stroke-width="2"/>',
    '<text x="920" y="505" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#2f3f4c">Küche</text>',
    ...DESK_PLAN_DESKS.map(
      (d) =>
        `<rect x="${d.position.x - 80}" y="${d.position.y - 34}" width="160" height="68" rx="6" fill="#e3d3b8" stroke="#8a6d45" stroke-width="2"/>`,
    ),
    '</svg>',
  ].join('\n');
