// Compiles the server (server/ and the contract/ it shares) to one JavaScript file,
// dist/server/main.js, that `npm start` runs with plain node: no TypeScript compiler at run time
// (decision 1082). Packages stay in node_modules (imported, not bundled).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
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

const started = performance.now();
await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: serverOutFile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [sourceLocation],
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
