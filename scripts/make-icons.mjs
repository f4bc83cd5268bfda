// Draws the app icons (a white "m.e" badge on blue) as PNG files without any image library.
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';

function crc32(buf) {
  let c;
  const table = [];
  for (let n = 0; n < 256; n++) {
    c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  let crc = 0xffffffff;
  for (const b of buf) crc = table[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size, paint) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = paint(x / size, y / size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const blue = [11, 102, 195, 255];
const white = [255, 255, 255, 255];
// A card outline with two dots: the mark of m.e Cards, kept inside the maskable safe zone.
function mark(x, y, inset) {
  const l = 0.22 + inset,
    r = 0.78 - inset,
    t = 0.32 + inset / 2,
    b = 0.68 - inset / 2;
  const inCard = x > l && x < r && y > t && y < b;
  const border = inCard && (x < l + 0.04 || x > r - 0.04 || y < t + 0.04 || y > b - 0.04);
  const dot1 = (x - 0.4) ** 2 + (y - 0.5) ** 2 < 0.004;
  const dot2 = (x - 0.6) ** 2 + (y - 0.5) ** 2 < 0.004;
  return border || dot1 || dot2;
}
mkdirSync('public/icons', { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(
    `public/icons/icon-${size}.png`,
    png(size, (x, y) => {
      const rounded =
        Math.hypot(Math.max(0, Math.abs(x - 0.5) - 0.38), Math.max(0, Math.abs(y - 0.5) - 0.38)) <
        0.12;
      if (!rounded) return [0, 0, 0, 0];
      return mark(x, y, 0) ? white : blue;
    }),
  );
}
writeFileSync(
  'public/icons/maskable-512.png',
  png(512, (x, y) => (mark(x, y, 0.06) ? white : blue)),
);
console.log('icons written');
