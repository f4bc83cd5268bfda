// Compiles the server (server/ and the contract/ it shares) to one JavaScript file,
// dist/server/main.js, that `npm start` runs with plain node: no TypeScript compiler at run time
// (decision 1082). Packages stay in node_modules (imported, not bundled), except the plain
// JavaScript modules every start loads: Node resolved and read drizzle-orm, hono and jose file
// by file, 230 modules and a third of a second of each start.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// SERVER_OUT_FILE: elsewhere (tests compile into a folder of their own).
const serverOutFile = path.resolve(
  process.env.SERVER_OUT_FILE ?? path.join(root, 'dist/server/main.js'),
);

// Files that find their data next to themselves (`new URL('../migrations', import.meta.url)`)
// keep doing so from the bundle: import.meta.url becomes the URL of the source file, relative
// to the bundle, so the repository can be moved after building.
const sourceLocation = {
  name: 'source-location',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path
        .relative(path.dirname(serverOutFile), args.path)
        .split(path.sep)
        .join('/');
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

/** Bundled into main.js: ES modules of plain JavaScript, with no files of their own to find. */
const bundledPackages = new Set([
  'drizzle-orm',
  'hono',
  '@hono/node-server',
  '@hono/oauth-providers',
  'jose',
  'valibot',
  'date-fns',
  '@date-fns/tz',
]);

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every other package stays an import of node_modules (native code, WebAssembly, CommonJS). */
const packagesOutside = {
  name: 'packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      bundledPackages.has(packageOf(args.path)) ? undefined : { path: args.path, external: true },
    );
  },
};

// The chunks of an earlier build (their names change with their content).
const outDir = path.dirname(serverOutFile);
const entryName = path.basename(serverOutFile, '.js');
if (existsSync(outDir)) {
  for (const name of readdirSync(outDir)) {
    if (name.startsWith(`${entryName}-`) && /\.js(\.map)?$/.test(name)) {
      rmSync(path.join(outDir, name));
    }
  }
}

const started = performance.now();
await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  // What our code imports only when needed (the PostgreSQL driver, Firebase) stays in files of
  // its own beside main.js, loaded then: one file would load pg at every PGlite start.
  outdir: outDir,
  entryNames: entryName,
  chunkNames: 'main-[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [packagesOutside, sourceLocation],
});
// The picture encoder's own process (server/images/encoder-process.ts) runs this file, found
// beside the server's.
await build({
  entryPoints: [path.join(root, 'server/images/encoder-child.ts')],
  outfile: path.join(outDir, 'image-encoder.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [packagesOutside, sourceLocation],
});
console.log(
  `server compiled to ${path.relative(root, serverOutFile)} in ${Math.round(performance.now() - started)} ms`,
);

// The empty cluster new PGlite data folders start from (server/db/pglite-initdb.ts); only for
// the app's own build, not for servers tests compile elsewhere.
if (!process.env.SERVER_OUT_FILE) {
  execFileSync(process.execPath, ['--import', 'tsx', 'server/scripts/build-pglite-initdb.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
}
