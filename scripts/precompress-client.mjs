// Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the built client that
// compresses well, once per build: the server sends the copy the browser accepts as it is, where
// it compressed every answer again (a fresh install of the worker's 263 files cost the server
// about a third more CPU), and Brotli's highest quality is a sixth smaller than gzip, too slow to
// run per request (decision 1141).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const root = process.env.BUILD_OUT_DIR ?? 'dist/client';
// Text and fonts; pictures (png, webp, woff2) are compressed already.
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|ttf|wasm)$/;
// The server-side renderer's code and the build manifest are never served.
const neverServed = new Set(['server', '.vite']);
// Below a packet's size compression saves nothing worth a second file.
const minBytes = 1024;

async function filesOf(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!(dir === root && neverServed.has(entry.name))) found.push(...(await filesOf(file)));
    } else if (compressible.test(entry.name)) {
      found.push(file);
    }
  }
  return found;
}

async function precompress(file) {
  const { size } = await stat(file);
  if (size < minBytes) return { size: 0, br: 0, gz: 0 };
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that saves less than a tenth is not worth the server's choosing it.
  const worth = (copy) => copy.length < size * 0.9;
  if (worth(br)) await writeFile(`${file}.br`, br);
  if (worth(gz)) await writeFile(`${file}.gz`, gz);
  return { size, br: worth(br) ? br.length : size, gz: worth(gz) ? gz.length : size };
}

const started = Date.now();
const files = await filesOf(root);
// Node's compression runs on its thread pool: a few files at a time keep every core busy.
const totals = { size: 0, br: 0, gz: 0 };
for (let i = 0; i < files.length; i += 8) {
  for (const sizes of await Promise.all(files.slice(i, i + 8).map(precompress))) {
    totals.size += sizes.size;
    totals.br += sizes.br;
    totals.gz += sizes.gz;
  }
}
const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
console.log(
  `precompressed ${files.length} files of ${root} in ${Date.now() - started} ms: ` +
    `${kb(totals.size)} → Brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
);
