// Builds the client when dist/ is missing or older than any of its sources, and the compiled
// server (dist/server/main.js, decision 1082) when it is missing or older than server/ or contract/.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const stamp = `${process.env.BUILD_OUT_DIR ?? 'dist/client'}/index.html`;
const sources = [
  'src',
  'sw',
  'contract',
  'public',
  'index.html',
  'card.html',
  'wedding.html',
  'card-visitor.html',
  'cv-visitor.html',
  'login-visitor.html',
  'vite.config.ts',
  'lingui-macro-babel.ts',
  'lingui.config.ts',
  'package.json',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

/** Builds what is missing or older than its sources (`npm start` calls it in its own process). */
export function ensureBuild() {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...sources.map(newest));
  if (built === 0 || changed > built) {
    console.log(
      built === 0 ? 'Building the app (first start)…' : 'Sources changed: rebuilding the app…',
    );
    execSync('npm run build', { stdio: 'inherit' });
  } else {
    const serverStamp = 'dist/server/main.js';
    const serverBuilt = existsSync(serverStamp) ? statSync(serverStamp).mtimeMs : 0;
    const serverSources = ['server', 'contract', 'package.json', 'scripts/build-server.mjs'];
    if (serverBuilt === 0 || Math.max(...serverSources.map(newest)) > serverBuilt) {
      console.log(
        serverBuilt === 0
          ? 'Compiling the server…'
          : 'Server sources changed: rebuilding the server…',
      );
      execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureBuild();
